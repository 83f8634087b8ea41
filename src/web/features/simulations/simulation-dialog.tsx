import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import type { KnownPerson } from "~/shared/chatbot-url";
import type { Simulation, SimulationCard } from "~/shared/schemas/simulations";
import { Button } from "~/web/components/ui/button";
import { InstructionsView } from "./instructions-view";
import { startSimulation } from "./simulation-actions";
import { TagList } from "./tag-list";
import { returnFocus } from "~/web/lib/return-focus";

/** A card's fields at least; instructions and the chatbot link once they have arrived (the library loads them on open). */
export type DialogSimulation = SimulationCard & Partial<Pick<Simulation, "instructions" | "typebotUrl">>;

interface SimulationDialogProps {
  simulation: DialogSimulation | null;
  /** The instructions could not be loaded (the library's dialog). */
  failed?: boolean;
  onClose: () => void;
  person?: KnownPerson | null;
  /** Staff viewing the library from /simulation-admin: their starts are not visitor engagement. */
  staffPreview?: boolean;
}

/** Details of one simulation: tags, instructions, Start Simulation and Cancel. Used by the library and the admin. */
export function SimulationDialog({ simulation, failed = false, onClose, person, staffPreview = false }: SimulationDialogProps) {
  const typebotUrl = simulation?.typebotUrl;
  return (
    <Dialog.Root open={simulation !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        {/* Opens with the focus on the dialog itself (its title is read), not on Cancel, the first control while Start waits for the chatbot's link: a ring on Cancel read as the suggested choice. */}
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).focus();
          }}
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          {simulation && (
            <>
              <div className="grid gap-1 pr-8">
                <Dialog.Title className="text-xl font-bold text-brand-900">{simulation.title}</Dialog.Title>
                <Dialog.Description className="text-sm text-slate-600">{simulation.subtitle}</Dialog.Description>
              </div>
              <TagList tags={simulation.tags} />
              <section className="grid gap-2">
                <h3 className="text-sm font-semibold text-slate-900">Instructions</h3>
                {simulation.instructions !== undefined ? (
                  <InstructionsView text={simulation.instructions} />
                ) : (
                  <p role="status" className="text-sm text-slate-600">
                    {failed ? "The instructions could not be loaded. Please close this and try again." : "Loading instructions..."}
                  </p>
                )}
              </section>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button
                  disabled={typebotUrl === undefined}
                  onClick={() => {
                    startSimulation({ ...simulation, typebotUrl: typebotUrl ?? "" }, person, !staffPreview);
                    onClose();
                  }}
                >
                  Start Simulation
                </Button>
              </div>
              <Dialog.Close aria-label="Close" className="absolute top-4 right-4 rounded p-1 text-slate-500 hover:bg-slate-100">
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
