import { Eye, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { Lead, LeadOwner } from "~/shared/schemas/crm";
import { Button } from "~/web/components/ui/button";
import { SourceBadges } from "./badges";
import {
  addedAt,
  day,
  displayName,
  formatMobile,
  linkedInHref,
  rupeesOrDash,
} from "./format";
import {
  OwnerSelect,
  PrioritySelect,
  StageSelect,
  StatusSelect,
  type InlineEdit,
} from "./inline-controls";

export interface LeadActions {
  owners: LeadOwner[];
  busyId: string | null;
  onChange: (
    lead: Lead,
    changes: Parameters<InlineEdit["onChange"]>[0],
  ) => void;
  onClosedWon: (lead: Lead, status: string) => void;
  onView: (lead: Lead) => void;
  onEdit: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
}

const inline = (lead: Lead, actions: LeadActions): InlineEdit => ({
  lead,
  owners: actions.owners,
  disabled: actions.busyId === lead.id,
  onChange: (changes) => actions.onChange(lead, changes),
  onClosedWon: (status) => actions.onClosedWon(lead, status),
});

function LeadName({
  lead,
  onView,
}: {
  lead: Lead;
  onView: (lead: Lead) => void;
}) {
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

function Contact({ lead }: { lead: Lead }) {
  return (
    <div className="grid min-w-0 gap-0.5 text-sm">
      <span className="wrap-anywhere text-slate-900">{lead.email}</span>
      {(lead.mobile || lead.linkedIn) && (
        <div className="flex flex-wrap gap-x-3">
          {lead.mobile && (
            <span className="text-slate-700">{formatMobile(lead.mobile)}</span>
          )}
          {lead.linkedIn && (
            <a
              className="text-brand-700 underline"
              href={linkedInHref(lead.linkedIn)}
              target="_blank"
              rel="noreferrer"
            >
              LinkedIn<span className="sr-only"> of {displayName(lead)}</span>
            </a>
          )}
        </div>
      )}
    </div>
  );
}

function Payment({ lead }: { lead: Lead }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs tabular-nums">
      <dt className="text-slate-600">Sale</dt>
      <dd className="text-right wrap-anywhere text-slate-900">
        {rupeesOrDash(lead.saleAmount)}
      </dd>
      <dt className="text-slate-600">Collected</dt>
      <dd className="text-right wrap-anywhere text-slate-900">
        {rupeesOrDash(lead.collectedAmount)}
      </dd>
      <dt className="text-slate-600">Pending</dt>
      <dd className="text-right font-semibold wrap-anywhere text-slate-900">
        {rupeesOrDash(lead.pendingAmount)}
      </dd>
    </dl>
  );
}

const lastCall = (lead: Lead) =>
  lead.latestCallDate
    ? `${day(lead.latestCallDate)}${lead.latestCallTime ? `, ${lead.latestCallTime}` : ""}`
    : "—";

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

/** Large screens: the spec's table (Batch only on Paid Users); below 1280 px, the cards. */
export function LeadTable({
  leads,
  paid,
  actions,
}: {
  leads: Lead[];
  paid: boolean;
  actions: LeadActions;
}) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white xl:block">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">
          {paid ? "Paid users" : "Active leads"}, newest first
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.filter((c) => paid || c.label !== "Batch").map(
              ({ label: h, width }) => (
                <th
                  key={h}
                  scope="col"
                  className={`p-2 font-semibold ${width}`}
                >
                  {h}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr
              key={lead.id}
              // Height only: a size for both axes would also make an off-screen row that wide.
              className="border-t border-slate-200 align-top [content-visibility:auto] [contain-intrinsic-height:auto_7rem]"
            >
              <td className="p-2">
                <div className="grid gap-1.5">
                  <LeadName lead={lead} onView={actions.onView} />
                  <Contact lead={lead} />
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <SourceBadges lead={lead} />
                    <span className="text-xs text-slate-600">
                      Added {addedAt(lead.createdAt)}
                    </span>
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
              <td className="p-2 text-xs text-slate-800">{lastCall(lead)}</td>
              <td className="p-2">
                <Payment lead={lead} />
              </td>
              {paid && (
                <td className="p-2 wrap-anywhere text-slate-900">
                  {lead.batchName ?? "—"}
                </td>
              )}
              <td className="p-2">
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    className="px-2"
                    aria-label={`Edit ${displayName(lead)}`}
                    onClick={() => actions.onEdit(lead)}
                  >
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 text-red-700 hover:bg-red-50"
                    aria-label={`Delete ${displayName(lead)}`}
                    onClick={() => actions.onDelete(lead)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A card's control with a visible name (the control's own label also names the lead). */
function Control({
  label,
  wide,
  children,
}: {
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`grid min-w-0 gap-1 ${wide ? "col-span-2" : ""}`}>
      <span className="text-xs font-medium text-slate-600" aria-hidden>
        {label}
      </span>
      {children}
    </div>
  );
}

/** Below 1280 px: one card per lead (two side by side from 768 px), with Edit, View and Delete. */
export function LeadCards({
  leads,
  paid,
  actions,
}: {
  leads: Lead[];
  paid: boolean;
  actions: LeadActions;
}) {
  return (
    <ul
      className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:hidden"
      aria-label={paid ? "Paid users" : "Active leads"}
    >
      {leads.map((lead) => (
        <li
          key={lead.id}
          // Height only: `contain-intrinsic-size: auto 24rem` also gave each off-screen card a
          // 24rem width, and the page grew to 434 px on a 360 px phone (issue 21 item 13).
          className="grid min-w-0 content-start gap-3 rounded-xl border border-slate-200 bg-white p-4 [content-visibility:auto] [contain-intrinsic-height:auto_24rem]"
        >
          <div className="grid gap-1">
            <LeadName lead={lead} onView={actions.onView} />
            <span className="text-xs text-slate-600">
              {addedAt(lead.createdAt)}
            </span>
            {lead.motivation && (
              <span className="line-clamp-2 text-xs wrap-anywhere text-slate-700">
                {lead.motivation}
              </span>
            )}
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
            <Button variant="secondary" onClick={() => actions.onEdit(lead)}>
              <Pencil className="size-4" aria-hidden /> Edit
              <span className="sr-only"> {displayName(lead)}</span>
            </Button>
            <Button variant="secondary" onClick={() => actions.onView(lead)}>
              <Eye className="size-4" aria-hidden /> View
              <span className="sr-only"> {displayName(lead)}</span>
            </Button>
            <Button
              variant="secondary"
              className="text-red-700"
              onClick={() => actions.onDelete(lead)}
            >
              <Trash2 className="size-4" aria-hidden /> Delete
              <span className="sr-only"> {displayName(lead)}</span>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
