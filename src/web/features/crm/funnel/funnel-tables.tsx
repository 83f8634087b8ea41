import { FUNNEL_STEPS, type Funnel, type FunnelWeek } from "~/shared/schemas/crm-funnel";
import { formatRupees } from "../format";
import { FiguresTable, type Column } from "./figures-table";
import { count, percent, weekLabel } from "./format";

const RATE_OF: Record<(typeof FUNNEL_STEPS)[number]["key"], keyof FunnelWeek | null> = {
  visitors: null,
  simulationStarts: "startRate",
  reports: "reportRate",
  applications: "applicationRate",
  paid: "paidRate",
};

/** The steps chart's figures: each step's count and its conversion from the step before. */
export function StepsTable({ total }: { total: FunnelWeek }) {
  return (
    <FiguresTable
      caption="Funnel for the period"
      rowKey={(step) => step.key}
      rows={[...FUNNEL_STEPS]}
      columns={[
        { label: "Step", cell: (step) => step.label },
        { label: "Count", numeric: true, cell: (step) => count(total[step.key]) },
        { label: "Of the step before", numeric: true, cell: (step) => (RATE_OF[step.key] ? percent(total[RATE_OF[step.key]!] as number | null) : "—") },
      ]}
    />
  );
}

const weekColumns: Column<FunnelWeek>[] = [
  { label: "Week of", cell: (w) => weekLabel(w.week!) },
  ...FUNNEL_STEPS.map((step) => ({ label: step.label, numeric: true, cell: (w: FunnelWeek) => count(w[step.key]) })),
  { label: "Start rate", numeric: true, cell: (w) => percent(w.startRate) },
  { label: "Paid rate", numeric: true, cell: (w) => percent(w.paidRate) },
];

export function WeeksTable({ weeks }: { weeks: FunnelWeek[] }) {
  return <FiguresTable caption="Funnel per week" rowKey={(w) => w.week!} rows={[...weeks].reverse()} columns={weekColumns} />;
}

export function MoneyTable({ weeks }: { weeks: FunnelWeek[] }) {
  return (
    <FiguresTable
      caption="Revenue and collection per week"
      rowKey={(w) => w.week!}
      rows={[...weeks].reverse()}
      columns={[
        { label: "Week of", cell: (w) => weekLabel(w.week!) },
        { label: "Revenue", numeric: true, cell: (w) => formatRupees(w.revenue) },
        { label: "Collected", numeric: true, cell: (w) => formatRupees(w.collected) },
      ]}
    />
  );
}

/** The row of reports and conversions from people who sent no form from a tracked visit. */
export const NO_VISIT_SOURCE = "No tracked visit";

export function SourcesTable({ sources }: { sources: Funnel["sources"] }) {
  if (!sources.length) return <p className="text-sm text-slate-600">No visits recorded in this period.</p>;
  return (
    <FiguresTable
      caption="Funnel per source"
      rowKey={(s) => s.source ?? ""}
      rows={sources}
      columns={[
        { label: "Source", cell: (s) => s.source ?? NO_VISIT_SOURCE },
        { label: "Visitors", numeric: true, cell: (s) => count(s.visitors) },
        { label: "Simulation starts", numeric: true, cell: (s) => count(s.simulationStarts) },
        { label: "Start rate", numeric: true, cell: (s) => percent(s.startRate) },
        { label: "Reports", numeric: true, cell: (s) => count(s.reports) },
        { label: "Applications", numeric: true, cell: (s) => count(s.applications) },
        { label: "Paid", numeric: true, cell: (s) => count(s.paid) },
        { label: "Paid rate", numeric: true, cell: (s) => percent(s.paidRate) },
      ]}
    />
  );
}

export function StagesTable({ stages }: { stages: Funnel["stages"] }) {
  return (
    <FiguresTable
      caption="Median days in each stage"
      rowKey={(s) => s.stage}
      rows={stages}
      columns={[
        { label: "Stage", cell: (s) => s.stage },
        { label: "Median days", numeric: true, cell: (s) => (s.medianDays === null ? "—" : count(s.medianDays)) },
        { label: "Finished stays", numeric: true, cell: (s) => count(s.stays) },
      ]}
    />
  );
}

export function OwnersTable({ owners }: { owners: Funnel["owners"] }) {
  return (
    <FiguresTable
      caption="Per owner"
      rowKey={(o) => o.ownerId ?? "unassigned"}
      rows={owners}
      columns={[
        { label: "Owner", cell: (o) => o.name },
        { label: "Leads", numeric: true, cell: (o) => count(o.leads) },
        { label: "Calls", numeric: true, cell: (o) => count(o.calls) },
        { label: "Conversions", numeric: true, cell: (o) => count(o.conversions) },
        { label: "Collected", numeric: true, cell: (o) => formatRupees(o.collected) },
      ]}
    />
  );
}
