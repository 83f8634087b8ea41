import { Button } from "~/web/components/ui/button";

/** Cancel and the submit button, which shows its busy label (spec) while the message is on its way. */
export function MessageFormActions({ onCancel, pending, label, busyLabel }: { onCancel: () => void; pending: boolean; label: string; busyLabel: string }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? busyLabel : label}
      </Button>
    </div>
  );
}
