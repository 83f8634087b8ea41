import type { Simulation } from "~/shared/schemas/simulations";
import { ConfirmDialog } from "~/web/components/ui/confirm-dialog";
import { useDeleteSimulation } from "./use-admin-simulations";

/** The spec's confirmation: Delete Simulation, "…cannot be undone.", Cancel and Delete. */
export function DeleteSimulationDialog({ simulation, onClose }: { simulation: Simulation | null; onClose: () => void }) {
  const remove = useDeleteSimulation();
  return (
    <ConfirmDialog
      title="Delete Simulation"
      description={`Are you sure you want to delete "${simulation?.title ?? ""}"? This action cannot be undone.`}
      open={simulation !== null}
      onOpenChange={(open) => !open && onClose()}
      disabled={remove.isPending}
      onConfirm={() => simulation && remove.mutate(simulation.id, { onSettled: onClose })}
    />
  );
}
