import { useState } from "react";
import { statusLabel } from "~/shared/crm/pipeline";
import type { Lead } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { Modal } from "~/web/components/ui/modal";
import { displayName, rupeesOrNotSet } from "./format";

export interface PendingClosedWon {
  lead: Lead;
  status: string;
}

/**
 * "Assign Batch ID - Closed Won Lead" (spec §2.4, §4): a Closed Won status is saved only with a
 * non-blank batch name. Cancel drops the pending status and the typed batch.
 */
export function ClosedWonModal({ pending, busy, onCancel, onConfirm }: { pending: PendingClosedWon | null; busy: boolean; onCancel: () => void; onConfirm: (batchName: string) => void }) {
  return (
    <Modal open={!!pending} onOpenChange={(open) => !open && !busy && onCancel()} title="Assign Batch ID - Closed Won Lead">
      {pending && <ClosedWonForm key={`${pending.lead.id}:${pending.status}`} pending={pending} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />}
    </Modal>
  );
}

function ClosedWonForm({ pending, busy, onCancel, onConfirm }: { pending: PendingClosedWon; busy: boolean; onCancel: () => void; onConfirm: (batchName: string) => void }) {
  const [batch, setBatch] = useState(pending.lead.batchName ?? "");
  const { lead, status } = pending;
  const label = statusLabel(status);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (batch.trim() && !busy) onConfirm(batch.trim());
      }}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4 text-sm">
        <dt className="text-slate-600">Lead</dt>
        <dd className="font-medium text-slate-900">{displayName(lead)}</dd>
        <dt className="text-slate-600">Email</dt>
        <dd className="break-all text-slate-900">{lead.email}</dd>
        <dt className="text-slate-600">New status</dt>
        <dd className="text-slate-900">{label}</dd>
        <dt className="text-slate-600">Sale amount</dt>
        <dd className="text-slate-900">{rupeesOrNotSet(lead.saleAmount)}</dd>
      </dl>
      <Field label="Batch ID" required autoFocus value={batch} onChange={(e) => setBatch(e.target.value)} placeholder="e.g. FF-2025-04, April Cohort" />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!batch.trim() || busy}>
          {busy ? "Converting Lead..." : `Convert to ${label}`}
        </Button>
      </div>
    </form>
  );
}
