import { Pencil, Trash2 } from "lucide-react";
import { useMemo, useRef } from "react";
import type { Lead } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { useWindowRows } from "~/web/lib/use-window-rows";
import { SourceBadges } from "./badges";
import { addedAt, displayName } from "./format";
import { OwnerSelect, PrioritySelect, StageSelect, StatusSelect } from "./inline-controls";
import { LogCallButton } from "./log-call-dialog";
import { LeadScore } from "./lead-score";
import { SelectLead, SelectShown } from "./select-box";
import { Contact, LeadName, Payment, inline, lastCall, type LeadActions } from "./lead-row-parts";

/**
 * The table's columns at 1280 px and up (issue 21 item 14): the controls' columns are as wide as
 * their longest value needs ("Closed Won - Paid Token", "Unassigned", "₹1,49,990"), owner with
 * priority and stage with status share a column, one above the other, and the Lead column (name,
 * contact, source, added) takes the rest, its text wrapping. Nothing scrolls sideways.
 */
const COLUMNS = [
  { label: "Lead", width: "" },
  { label: "Owner / Priority", width: "w-[9.5rem]" },
  { label: "Stage / Status", width: "w-[14rem]" },
  { label: "Last Call", width: "w-[7rem]" },
  { label: "Payment", width: "w-[10rem]" },
  { label: "Batch", width: "w-[8rem]" },
  { label: "Actions", width: "w-[7.5rem]" },
];

/** The bulk actions' tick boxes (issue 23 §1), first when the screen offers them. */
const SELECT_COLUMN = { label: "Select", width: "w-[2.75rem]" };

/** A row's height before it has been drawn and measured (a lead with a wrapped e-mail). */
const ROW_ESTIMATE = 150;

function LeadRow({ lead, index, paid, actions, measure }: { lead: Lead; index: number; paid: boolean; actions: LeadActions; measure: (element: HTMLElement | null) => void }) {
  return (
    // aria-rowindex: row 1 is the header, so a screen reader says "row 4,001 of 5,001" deep in the list.
    <tr ref={measure} data-key={lead.id} aria-rowindex={index + 2} className="border-t border-slate-200 align-top">
      {actions.selection && (
        <td className="p-2">
          <SelectLead lead={lead} selection={actions.selection} />
        </td>
      )}
      <td className="p-2">
        <div className="grid gap-1.5">
          <LeadName lead={lead} onView={actions.onView} />
          <LeadScore lead={lead} />
          <Contact lead={lead} />
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <SourceBadges lead={lead} />
            <span className="text-xs text-slate-600">Added {addedAt(lead.createdAt)}</span>
          </div>
        </div>
      </td>
      <td className="p-2">
        <div className="grid gap-1.5">
          <OwnerSelect {...inline(lead, actions)} />
          <PrioritySelect {...inline(lead, actions)} />
        </div>
      </td>
      <td className="p-2">
        <div className="grid gap-1.5">
          <StageSelect {...inline(lead, actions)} />
          <StatusSelect {...inline(lead, actions)} />
        </div>
      </td>
      <td className="p-2 text-xs text-slate-800">
        <div className="grid justify-items-start gap-1.5">
          {lastCall(lead)}
          {actions.onLogCall && <LogCallButton lead={lead} onLogCall={actions.onLogCall} compact />}
        </div>
      </td>
      <td className="p-2">
        <Payment lead={lead} />
      </td>
      {paid && <td className="p-2 wrap-anywhere text-slate-900">{lead.batchName ?? "—"}</td>}
      <td className="p-2">
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit ${displayName(lead)}`} onClick={() => actions.onEdit(lead)}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" aria-label={`Delete ${displayName(lead)}`} onClick={() => actions.onDelete(lead)}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** Space for the rows not drawn: hidden from screen readers, which count rows by aria-rowindex. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} className="p-0" style={{ height }} />
    </tr>
  );
}

/**
 * Large screens: the spec's table (Batch only on Paid Users). Only the rows near the window are in
 * the DOM (useWindowRows), so the thousandth page of "Load more" costs what the first did.
 */
export function LeadTable({ leads, paid, actions }: { leads: Lead[]; paid: boolean; actions: LeadActions }) {
  const keys = useMemo(() => leads.map((lead) => lead.id), [leads]);
  const body = useRef<HTMLTableSectionElement>(null);
  const rows = useWindowRows(body, { keys, estimate: ROW_ESTIMATE });
  const columns = [...(actions.selection ? [SELECT_COLUMN] : []), ...COLUMNS.filter((c) => paid || c.label !== "Batch")];
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full table-fixed text-left text-sm" aria-rowcount={leads.length + 1}>
        <caption className="sr-only">{paid ? "Paid users" : "Active leads"}, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr aria-rowindex={1}>
            {columns.map(({ label, width }) => (
              <th key={label} scope="col" className={`p-2 font-semibold ${width}`}>
                {label === SELECT_COLUMN.label && actions.selection ? <SelectShown leads={leads} selection={actions.selection} /> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          <Spacer height={rows.before} columns={columns.length} />
          {leads.slice(rows.start, rows.end).map((lead, offset) => (
            <LeadRow key={lead.id} lead={lead} index={rows.start + offset} paid={paid} actions={actions} measure={rows.measure} />
          ))}
          <Spacer height={rows.after} columns={columns.length} />
        </tbody>
      </table>
    </div>
  );
}
