import type { Lead, LeadOwner } from "~/shared/schemas/crm";
import { day, displayName, formatMobile, linkedInHref, rupeesOrDash } from "./format";
import type { InlineEdit } from "./inline-controls";
import type { LeadSelection } from "./use-lead-selection";

export interface LeadActions {
  owners: LeadOwner[];
  busyId: string | null;
  onChange: (lead: Lead, changes: Parameters<InlineEdit["onChange"]>[0]) => void;
  onClosedWon: (lead: Lead, status: string) => void;
  onView: (lead: Lead) => void;
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
  /** Opens the Log a call form (issue 23 §1). */
  onLogCall?: (lead: Lead) => void;
  /** Tick boxes for bulk actions (issue 23 §1), when the screen offers them. */
  selection?: LeadSelection;
}

/** What a row's inline controls need: the lead, the owners to choose from, and where a change goes. */
export const inline = (lead: Lead, actions: LeadActions): InlineEdit => ({
  lead,
  owners: actions.owners,
  disabled: actions.busyId === lead.id,
  onChange: (changes) => actions.onChange(lead, changes),
  onClosedWon: (status) => actions.onClosedWon(lead, status),
});

export function LeadName({ lead, onView }: { lead: Lead; onView: (lead: Lead) => void }) {
  return (
    <button
      type="button"
      className="text-left font-semibold wrap-anywhere text-brand-800 underline-offset-2 hover:underline"
      onClick={() => onView(lead)}
    >
      {displayName(lead)}
    </button>
  );
}

export function Contact({ lead }: { lead: Lead }) {
  return (
    <div className="grid min-w-0 gap-0.5 text-sm">
      <span className="wrap-anywhere text-slate-900">{lead.email}</span>
      {(lead.mobile || lead.linkedIn) && (
        <div className="flex flex-wrap gap-x-3">
          {lead.mobile && <span className="text-slate-700">{formatMobile(lead.mobile)}</span>}
          {lead.linkedIn && (
            <a className="text-brand-700 underline" href={linkedInHref(lead.linkedIn)} target="_blank" rel="noreferrer">
              LinkedIn<span className="sr-only"> of {displayName(lead)}</span>
            </a>
          )}
        </div>
      )}
    </div>
  );
}

export function Payment({ lead }: { lead: Lead }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs tabular-nums">
      <dt className="text-slate-600">Sale</dt>
      <dd className="text-right wrap-anywhere text-slate-900">{rupeesOrDash(lead.saleAmount)}</dd>
      <dt className="text-slate-600">Collected</dt>
      <dd className="text-right wrap-anywhere text-slate-900">{rupeesOrDash(lead.collectedAmount)}</dd>
      <dt className="text-slate-600">Pending</dt>
      <dd className="text-right font-semibold wrap-anywhere text-slate-900">{rupeesOrDash(lead.pendingAmount)}</dd>
    </dl>
  );
}

export const lastCall = (lead: Lead) =>
  lead.latestCallDate ? `${day(lead.latestCallDate)}${lead.latestCallTime ? `, ${lead.latestCallTime}` : ""}` : "—";
