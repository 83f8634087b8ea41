import { Eye, Pencil, Trash2 } from "lucide-react";
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
      className="text-left font-semibold text-brand-800 underline-offset-2 hover:underline"
      onClick={() => onView(lead)}
    >
      {displayName(lead)}
    </button>
  );
}

function Contact({ lead }: { lead: Lead }) {
  return (
    <div className="grid gap-0.5 text-sm">
      <span className="break-all text-slate-900">{lead.email}</span>
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
  );
}

function Payment({ lead }: { lead: Lead }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      <dt className="text-slate-600">Sale</dt>
      <dd className="text-slate-900">{rupeesOrDash(lead.saleAmount)}</dd>
      <dt className="text-slate-600">Collected</dt>
      <dd className="text-slate-900">{rupeesOrDash(lead.collectedAmount)}</dd>
      <dt className="text-slate-600">Pending</dt>
      <dd className="font-semibold text-slate-900">
        {rupeesOrDash(lead.pendingAmount)}
      </dd>
    </dl>
  );
}

const lastCall = (lead: Lead) =>
  lead.latestCallDate
    ? `${day(lead.latestCallDate)}${lead.latestCallTime ? `, ${lead.latestCallTime}` : ""}`
    : "—";

const COLUMNS = [
  { label: "Lead", width: "w-[13%]" },
  { label: "Contact", width: "w-[15%]" },
  { label: "Source", width: "w-[8%]" },
  { label: "Owner", width: "w-[9%]" },
  { label: "Priority", width: "w-[8%]" },
  { label: "Stage", width: "w-[10%]" },
  { label: "Status", width: "w-[11%]" },
  { label: "Last Call", width: "w-[7%]" },
  { label: "Payment", width: "w-[10%]" },
  { label: "Batch", width: "w-[7%]" },
  { label: "Actions", width: "w-[7%]" },
];

/** Large screens: the spec's table (Batch only on Paid Users). */
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
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white lg:block">
      <table className="w-full min-w-[72rem] table-fixed text-left text-sm">
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
              className="border-t border-slate-200 align-top [content-visibility:auto] [contain-intrinsic-size:auto_7rem]"
            >
              <td className="p-2">
                <div className="grid gap-1">
                  <LeadName lead={lead} onView={actions.onView} />
                  {lead.motivation && (
                    <span className="line-clamp-2 text-xs text-slate-700">
                      {lead.motivation}
                    </span>
                  )}
                  <span className="text-xs text-slate-600">
                    {addedAt(lead.createdAt)}
                  </span>
                </div>
              </td>
              <td className="p-2">
                <Contact lead={lead} />
              </td>
              <td className="p-2">
                <SourceBadges lead={lead} />
              </td>
              <td className="p-2">
                <OwnerSelect {...inline(lead, actions)} />
              </td>
              <td className="p-2">
                <PrioritySelect {...inline(lead, actions)} />
              </td>
              <td className="p-2">
                <StageSelect {...inline(lead, actions)} />
              </td>
              <td className="p-2">
                <StatusSelect {...inline(lead, actions)} />
              </td>
              <td className="p-2 text-xs text-slate-800">{lastCall(lead)}</td>
              <td className="p-2">
                <Payment lead={lead} />
              </td>
              {paid && (
                <td className="p-2 text-slate-900">{lead.batchName ?? "—"}</td>
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

/** Small screens: one card per lead, with Edit, View and Delete. */
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
      className="grid gap-3 lg:hidden"
      aria-label={paid ? "Paid users" : "Active leads"}
    >
      {leads.map((lead) => (
        <li
          key={lead.id}
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 [content-visibility:auto] [contain-intrinsic-size:auto_24rem]"
        >
          <div className="grid gap-1">
            <LeadName lead={lead} onView={actions.onView} />
            <span className="text-xs text-slate-600">
              {addedAt(lead.createdAt)}
            </span>
            {lead.motivation && (
              <span className="line-clamp-2 text-xs text-slate-700">
                {lead.motivation}
              </span>
            )}
          </div>
          <Contact lead={lead} />
          <SourceBadges lead={lead} />
          <div className="grid grid-cols-2 gap-2">
            <OwnerSelect {...inline(lead, actions)} />
            <PrioritySelect {...inline(lead, actions)} />
            <StageSelect {...inline(lead, actions)} />
            <StatusSelect {...inline(lead, actions)} />
          </div>
          <div className="flex flex-wrap justify-between gap-2 text-xs text-slate-800">
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
