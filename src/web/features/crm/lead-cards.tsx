import { Eye, Pencil, Trash2 } from "lucide-react";
import { useMemo, useRef, type ReactNode } from "react";
import type { Lead } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { useMediaQuery } from "~/web/lib/use-media-query";
import { useWindowRows } from "~/web/lib/use-window-rows";
import { SourceBadges } from "./badges";
import { addedAt, displayName } from "./format";
import { OwnerSelect, PrioritySelect, StageSelect, StatusSelect } from "./inline-controls";
import { LogCallButton } from "./log-call-dialog";
import { LeadScore } from "./lead-score";
import { SelectLead } from "./select-box";
import { Contact, LeadName, Payment, inline, lastCall, type LeadActions } from "./lead-row-parts";

/** A card's height before it has been drawn and measured. */
const CARD_ESTIMATE = 420;
/** The list's gap-3, which the stand-in space above and below the drawn cards includes. */
const GAP = 12;

/** A card's control with a visible name (the control's own label also names the lead). */
function Control({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`grid min-w-0 gap-1 ${wide ? "col-span-2" : ""}`}>
      <span className="text-xs font-medium text-slate-600" aria-hidden>
        {label}
      </span>
      {children}
    </div>
  );
}

function LeadCard({ lead, index, count, paid, actions, measure }: { lead: Lead; index: number; count: number; paid: boolean; actions: LeadActions; measure: (element: HTMLElement | null) => void }) {
  return (
    <li
      ref={measure}
      data-key={lead.id}
      // The list holds only the cards near the window: a screen reader still hears "12 of 5,000".
      aria-posinset={index + 1}
      aria-setsize={count}
      className="grid min-w-0 content-start gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="grid gap-1">
        {actions.selection && (
          <label className="flex items-center gap-2 text-xs font-medium text-slate-700">
            <SelectLead lead={lead} selection={actions.selection} /> Select for bulk actions
          </label>
        )}
        <LeadName lead={lead} onView={actions.onView} />
        <LeadScore lead={lead} />
        <span className="text-xs text-slate-600">{addedAt(lead.createdAt)}</span>
        {lead.motivation && <span className="line-clamp-2 text-xs wrap-anywhere text-slate-700">{lead.motivation}</span>}
      </div>
      <Contact lead={lead} />
      <SourceBadges lead={lead} />
      <div className="grid grid-cols-2 gap-2">
        <Control label="Owner" wide>
          <OwnerSelect {...inline(lead, actions)} />
        </Control>
        <Control label="Priority">
          <PrioritySelect {...inline(lead, actions)} />
        </Control>
        <Control label="Stage">
          <StageSelect {...inline(lead, actions)} />
        </Control>
        <Control label="Status" wide>
          <StatusSelect {...inline(lead, actions)} />
        </Control>
      </div>
      <div className="flex flex-wrap justify-between gap-2 text-xs wrap-anywhere text-slate-800">
        <span>Last call: {lastCall(lead)}</span>
        {paid && <span>Batch: {lead.batchName ?? "—"}</span>}
      </div>
      <Payment lead={lead} />
      <div className="flex flex-wrap gap-2">
        {actions.onLogCall && <LogCallButton lead={lead} onLogCall={actions.onLogCall} />}
        <Button variant="secondary" onClick={() => actions.onEdit(lead)}>
          <Pencil className="size-4" aria-hidden /> Edit
          <span className="sr-only"> {displayName(lead)}</span>
        </Button>
        <Button variant="secondary" onClick={() => actions.onView(lead)}>
          <Eye className="size-4" aria-hidden /> View
          <span className="sr-only"> {displayName(lead)}</span>
        </Button>
        <Button variant="secondary" className="text-red-700" onClick={() => actions.onDelete(lead)}>
          <Trash2 className="size-4" aria-hidden /> Delete
          <span className="sr-only"> {displayName(lead)}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * Below 1280 px: one card per lead (two side by side from 768 px), with Edit, View and Delete. Only
 * the cards near the window are in the DOM (useWindowRows); the list's padding stands in for the rest.
 */
export function LeadCards({ leads, paid, actions }: { leads: Lead[]; paid: boolean; actions: LeadActions }) {
  const twoColumns = useMediaQuery("(min-width: 48rem)");
  const keys = useMemo(() => leads.map((lead) => lead.id), [leads]);
  const list = useRef<HTMLUListElement>(null);
  const cards = useWindowRows(list, { keys, estimate: CARD_ESTIMATE, lanes: twoColumns ? 2 : 1, gap: GAP });
  return (
    <ul
      ref={list}
      className="grid grid-cols-1 gap-3 md:grid-cols-2"
      style={{ paddingTop: cards.before, paddingBottom: cards.after }}
      aria-label={paid ? "Paid users" : "Active leads"}
    >
      {leads.slice(cards.start, cards.end).map((lead, offset) => (
        <LeadCard key={lead.id} lead={lead} index={cards.start + offset} count={leads.length} paid={paid} actions={actions} measure={cards.measure} />
      ))}
    </ul>
  );
}
