import { Plus } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import type { Simulation } from "~/shared/schemas/simulations";
import { Button } from "~/web/components/ui/button";
import { SimulationDialog } from "~/web/features/simulations/simulation-dialog";
import { DeleteSimulationDialog } from "./delete-simulation-dialog";
import { SimulationFormDialog } from "./simulation-form-dialog";
import { SimulationsTable } from "./simulations-table";
import { useAdminSimulations, useToggleVisibility } from "./use-admin-simulations";

const tabClass =
  "rounded-md px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm";

/** The simulation admin screen body: Create New Simulation, the two tabs, the table and its dialogs. */
export function SimulationLibraryAdmin() {
  const simulations = useAdminSimulations();
  const toggle = useToggleVisibility();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Simulation | null>(null);
  const [viewing, setViewing] = useState<Simulation | null>(null);
  const [deleting, setDeleting] = useState<Simulation | null>(null);
  const all = simulations.data ?? [];
  const unlisted = all.filter((s) => s.visibility === "unlisted");

  const body = (list: Simulation[]) => {
    if (simulations.isPending) return <p className="py-10 text-center text-slate-600">Loading simulations...</p>;
    if (simulations.isError) return <p className="py-10 text-center text-red-700">{simulations.error.message}</p>;
    if (list.length === 0) return <p className="py-10 text-center text-slate-600">No simulations found</p>;
    return <SimulationsTable simulations={list} onView={setViewing} onToggle={(s) => toggle.mutate(s.id)} onEdit={setEditing} onDelete={setDeleting} />;
  };

  // grid-cols-1 is minmax(0, 1fr): the table scrolls inside its own box instead of widening the page.
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex justify-end">
        <SimulationFormDialog
          key="create"
          simulation={null}
          open={creating}
          onOpenChange={setCreating}
          trigger={
            <Button>
              <Plus className="size-4" aria-hidden /> Create New Simulation
            </Button>
          }
        />
      </div>
      <Tabs.Root defaultValue="all" className="grid grid-cols-1 gap-4">
        <Tabs.List aria-label="Simulations" className="flex w-fit max-w-full flex-wrap gap-1 rounded-lg bg-slate-200/60 p-1">
          <Tabs.Trigger value="all" className={tabClass}>
            All Simulations ({all.length})
          </Tabs.Trigger>
          <Tabs.Trigger value="unlisted" className={tabClass}>
            Unlisted ({unlisted.length})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="all">{body(all)}</Tabs.Content>
        <Tabs.Content value="unlisted">{body(unlisted)}</Tabs.Content>
      </Tabs.Root>
      {editing && <SimulationFormDialog key={editing.id} simulation={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      <SimulationDialog simulation={viewing} onClose={() => setViewing(null)} staffPreview />
      <DeleteSimulationDialog simulation={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
