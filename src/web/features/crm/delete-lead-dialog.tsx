import { AlertDialog } from "radix-ui";
import { buttonClass } from "~/web/components/ui/button";

/** "Are you sure you want to delete {name}?" (spec §2.4) before a lead is deleted. */
export function DeleteLeadDialog({ name, open, onOpenChange, onConfirm }: { name: string; open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[80] grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Delete Lead</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">Are you sure you want to delete {name}?</AlertDialog.Description>
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
