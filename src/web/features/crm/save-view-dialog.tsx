import { useState, type FormEvent } from "react";
import { SAVED_VIEW_NAME_MAX } from "~/shared/schemas/crm-views";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { Modal } from "~/web/components/ui/modal";
import { ApiError } from "~/web/lib/api";
import { useSaveView } from "./use-saved-views";

/** Names the list as it is now (tab, search, filters, sort) as a view; the server names any wrong field. */
export function SaveViewDialog({ open, query, onClose, onSaved }: { open: boolean; query: string; onClose: () => void; onSaved: (id: string) => void }) {
  const save = useSaveView();
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { name, query, shared },
      {
        onSuccess: (view) => {
          setName("");
          setShared(false);
          onSaved(view.id);
        },
        onError: (error) => setErrors(error instanceof ApiError && Object.keys(error.fields).length ? error.fields : { name: error.message }),
      },
    );
  };

  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title="Save view" description="Saves this tab with its search, filters and sort as a tab above the list.">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="View name" value={name} maxLength={SAVED_VIEW_NAME_MAX} onChange={(e) => setName(e.target.value)} error={errors.name ?? errors.query} required autoFocus />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4" checked={shared} onChange={(e) => setShared(e.target.checked)} />
          Share with the team
        </label>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save view"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
