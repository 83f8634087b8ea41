import { X } from "~/web/components/ui/icons";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { returnFocus } from "~/web/lib/return-focus";

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Tailwind max-width class; forms use the default. */
  width?: string;
}

/** An accessible dialog (focus trapped, Escape closes, title announced) for the site's forms. */
export function Modal({ open, onOpenChange, title, description, children, width = "max-w-lg" }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className={`fixed top-1/2 left-1/2 z-[80] max-h-[92vh] w-[calc(100%-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl`}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <Dialog.Title className="pr-8 text-xl font-bold text-brand-900 wrap-anywhere">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>}
          <div className="mt-5">{children}</div>
          <Dialog.Close aria-label="Close" className="absolute top-4 right-4 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
