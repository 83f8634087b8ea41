import { useId } from "react";
import type { CrmAnalytics } from "~/shared/schemas/crm";
import { formatRupees } from "./format";
import { groupIndian } from "~/shared/format-number";

/** A figure named by its label and described by its one-line note (read out with the figure). */
function Card({ label, value, note }: { label: string; value: string; note?: string }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={note ? `${id}-note` : undefined} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <p id={`${id}-label`} className="text-sm text-slate-600">
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold wrap-anywhere text-brand-900">{value}</p>
      {note && (
        <p id={`${id}-note`} className="mt-1 text-xs text-slate-600">
          {note}
        </p>
      )}
    </div>
  );
}

/** The two pending figures count different leads; each note says which (issue 21, item 17). */
export const PENDING_NOTES = {
  total: "Sale minus collected, for every lead in this tab and filter, paid or not",
  collection: "Sale minus collected, for Paid Users (Closed Won) only",
} as const;

/** The spec's §9 cards; New Leads and Collection Pending say what they count. */
export function AnalyticsCards({ data }: { data: CrmAnalytics | undefined }) {
  const n = (value: number | undefined) => (value === undefined ? "…" : groupIndian(value));
  const r = (value: number | undefined) => (value === undefined ? "…" : formatRupees(value));
  return (
    <section aria-label="Analytics" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
      <Card label="New Leads" value={n(data?.newLeads)} note="Added in the last 7 days" />
      <Card label="Active Pipeline" value={n(data?.activePipeline)} note="Interview, Pitched, Likely to Buy" />
      <Card label="Conversion Rate" value={data ? `${data.conversionRate}%` : "…"} note="Paid Token or Paid Full, of all leads" />
      <Card label="Total Revenue" value={r(data?.totalRevenue)} note="Sale amounts of paid users" />
      <Card label="Cash Collected" value={r(data?.cashCollected)} note="Collected from paid users" />
      <Card label="Collection Pending" value={r(data?.collectionPending)} note={PENDING_NOTES.collection} />
    </section>
  );
}

/** `busy` while the figures for the view in front of the user are on their way (values show "…"). */
export function SummaryCards({ pendingTotal, total, estimate, busy }: { pendingTotal: number | undefined; total: number | undefined; estimate: boolean; busy: boolean }) {
  return (
    <section aria-label="Summary" aria-busy={busy} className="grid gap-3 sm:grid-cols-2">
      <Card label="Total Pending Amount" value={pendingTotal === undefined ? "…" : `${estimate ? "about " : ""}${formatRupees(pendingTotal)}`} note={PENDING_NOTES.total} />
      <Card label="Total Leads" value={total === undefined ? "…" : `${estimate ? "about " : ""}${groupIndian(total)}`} />
    </section>
  );
}
