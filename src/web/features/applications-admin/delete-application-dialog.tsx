import { AlertDialog } from "radix-ui";
import { Trash2 } from "lucide-react";
import { buttonClass } from "~/web/components/ui/button";

/** Deleting cannot be undone (internal-side §5), so it is asked first. */
export function DeleteApplicationDialog({ name, disabled, onConfirm }: { name: string; disabled?: boolean; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={buttonClass("ghost", "px-2 text-red-700 hover:bg-red-50")} aria-label={`Delete application from ${name}`} disabled={disabled}>
        <Trash2 className="size-4" aria-hidden />
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Delete Application</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">
            Are you sure you want to delete the application from {name}? This action cannot be undone.
          </AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass("danger")} onClick={onConfirm}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
