import { AlertDialog } from "radix-ui";
import type { Simulation } from "~/shared/schemas/simulations";
import { buttonClass } from "~/web/components/ui/button";
import { useDeleteSimulation } from "./use-admin-simulations";

/** The spec's confirmation: Delete Simulation, "…cannot be undone.", Cancel and Delete. */
export function DeleteSimulationDialog({ simulation, onClose }: { simulation: Simulation | null; onClose: () => void }) {
  const remove = useDeleteSimulation();
  return (
    <AlertDialog.Root open={simulation !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold text-slate-900">Delete Simulation</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">
            Are you sure you want to delete "{simulation?.title}"? This action cannot be undone.
          </AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass("danger")}
              disabled={remove.isPending}
              onClick={() => simulation && remove.mutate(simulation.id, { onSettled: onClose })}
            >
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
