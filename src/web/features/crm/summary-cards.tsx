import type { CrmAnalytics } from "~/shared/schemas/crm";
import { formatRupees } from "./format";
import { groupIndian } from "~/shared/format-number";

function Card({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold wrap-anywhere text-brand-900">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </div>
  );
}

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
      <Card label="Collection Pending" value={r(data?.collectionPending)} note="Still pending from paid users" />
    </section>
  );
}

/** `busy` while the figures for the view in front of the user are on their way (values show "…"). */
export function SummaryCards({ pendingTotal, total, estimate, busy }: { pendingTotal: number | undefined; total: number | undefined; estimate: boolean; busy: boolean }) {
  return (
    <section aria-label="Summary" aria-busy={busy} className="grid gap-3 sm:grid-cols-2">
      <Card label="Total Pending Amount" value={pendingTotal === undefined ? "…" : formatRupees(pendingTotal)} note="Sale minus collected, for the leads in view" />
      <Card label="Total Leads" value={total === undefined ? "…" : `${estimate ? "about " : ""}${groupIndian(total)}`} />
    </section>
  );
}
