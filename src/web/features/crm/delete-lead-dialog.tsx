import { ConfirmDialog } from "~/web/components/ui/confirm-dialog";

/** "Are you sure you want to delete {name}?" (spec §2.4) before a lead is deleted. */
export function DeleteLeadDialog({ name, open, onOpenChange, onConfirm }: { name: string; open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  return <ConfirmDialog title="Delete Lead" description={`Are you sure you want to delete ${name}?`} open={open} onOpenChange={onOpenChange} onConfirm={onConfirm} overDialog />;
}
