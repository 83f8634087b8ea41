import type { ReportSummary } from "~/shared/schemas/simulation-reports";

/** Total Reports, Average Score (rounded) and Best Score; 0 and 0% when there are none (spec §2). */
export function SummaryCards({ reports }: { reports: Pick<ReportSummary, "totalScore">[] }) {
  const scores = reports.map((report) => report.totalScore);
  const average = scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : 0;
  const best = scores.length ? Math.round(Math.max(...scores)) : 0;
  const cards = [
    { label: "Total Reports", value: String(scores.length) },
    { label: "Average Score", value: `${average}%` },
    { label: "Best Score", value: `${best}%` },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
          <dd className="mt-1 text-3xl font-bold text-brand-900">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
