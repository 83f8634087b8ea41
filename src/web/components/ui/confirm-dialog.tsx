import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { returnFocus } from "~/web/lib/return-focus";
import { buttonClass } from "./button";

interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  /** The confirming button; it is styled as dangerous, because everything asked this way is. */
  confirmLabel?: string;
  onConfirm: () => void;
  /** The element that opens the dialog, or leave it out and drive `open` from outside. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  disabled?: boolean;
  /** Raised above another open dialog (e.g. deleting from a lead's detail view). */
  overDialog?: boolean;
}

/** The one "are you sure?" of the staff screens: a title, what will happen, Cancel and the action. */
export function ConfirmDialog({ title, description, confirmLabel = "Delete", onConfirm, trigger, open, onOpenChange, disabled, overDialog }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={`fixed inset-0 bg-slate-900/50 ${overDialog ? "z-[70]" : "z-50"}`} />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className={`fixed top-1/2 left-1/2 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl ${overDialog ? "z-[80]" : "z-50"}`}
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass("danger")} disabled={disabled} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
