import { Trash2 } from "lucide-react";
import { buttonClass } from "~/web/components/ui/button";
import { ConfirmDialog } from "~/web/components/ui/confirm-dialog";

/** Deleting cannot be undone (internal-side §5), so it is asked first. */
export function DeleteApplicationDialog({ name, disabled, onConfirm }: { name: string; disabled?: boolean; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      title="Delete Application"
      description={`Are you sure you want to delete the application from ${name}? This action cannot be undone.`}
      onConfirm={onConfirm}
      trigger={
        <button type="button" className={buttonClass("ghost", "text-red-700 hover:bg-red-50", "icon")} aria-label={`Delete application from ${name}`} disabled={disabled}>
          <Trash2 className="size-4" aria-hidden />
        </button>
      }
    />
  );
}
