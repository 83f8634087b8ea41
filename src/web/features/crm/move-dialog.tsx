import { useState } from "react";
import { isClosedWon, STAGE_STATUSES, statusLabel, type LeadStage } from "~/shared/crm/pipeline";
import type { Lead } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { Modal } from "~/web/components/ui/modal";
import { displayName } from "./format";

export interface PendingMove {
  lead: Lead;
  stage: string;
}

/**
 * A card dropped on (or sent by "Move to…" to) another stage: which of that stage's statuses it gets
 * (spec §2.4: the status depends on the stage). Cancel puts the card back where it was.
 */
export function MoveDialog({ pending, busy, onCancel, onChoose }: { pending: PendingMove | null; busy: boolean; onCancel: () => void; onChoose: (status: string) => void }) {
  return (
    <Modal open={!!pending} onOpenChange={(open) => !open && !busy && onCancel()} title={pending ? `Move ${displayName(pending.lead)} to ${pending.stage}` : "Move lead"}>
      {pending && <MoveForm key={`${pending.lead.id}:${pending.stage}`} pending={pending} busy={busy} onCancel={onCancel} onChoose={onChoose} />}
    </Modal>
  );
}

function MoveForm({ pending, busy, onCancel, onChoose }: { pending: PendingMove; busy: boolean; onCancel: () => void; onChoose: (status: string) => void }) {
  const statuses: readonly string[] = STAGE_STATUSES[pending.stage as LeadStage] ?? [];
  const [status, setStatus] = useState(statuses[0] ?? "");
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (status && !busy) onChoose(status);
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Status in {pending.stage}</legend>
        {statuses.map((value, index) => (
          <label key={value} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input type="radio" name="status" value={value} checked={status === value} autoFocus={index === 0} onChange={() => setStatus(value)} className="accent-brand-600" />
            {statusLabel(value)}
            {isClosedWon(value) && <span className="text-xs text-slate-600">(asks for the Batch ID)</span>}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!status || busy}>
          {busy ? "Moving..." : "Move"}
        </Button>
      </div>
    </form>
  );
}
