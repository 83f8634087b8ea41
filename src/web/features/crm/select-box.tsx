import { useEffect, useRef } from "react";
import type { Lead } from "~/shared/schemas/crm";
import { displayName } from "./format";
import type { LeadSelection } from "./use-lead-selection";

const boxClass = "size-5 cursor-pointer accent-brand-600";

/** A lead's tick box for bulk actions (a native checkbox: Space ticks it, its label names the lead). */
export function SelectLead({ lead, selection }: { lead: Lead; selection: LeadSelection }) {
  return <input type="checkbox" className={boxClass} aria-label={`Select ${displayName(lead)}`} checked={selection.isSelected(lead.id)} onChange={() => selection.toggle(lead)} />;
}

/** Ticks or unticks every lead shown; "mixed" when some are ticked. */
export function SelectShown({ leads, selection, label = "Select all shown leads" }: { leads: Lead[]; selection: LeadSelection; label?: string }) {
  const ticked = leads.filter((lead) => selection.isSelected(lead.id)).length;
  const all = leads.length > 0 && ticked === leads.length;
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);
  return <input ref={box} type="checkbox" className={boxClass} aria-label={label} checked={all} onChange={() => selection.setMany(leads, !all)} />;
}
