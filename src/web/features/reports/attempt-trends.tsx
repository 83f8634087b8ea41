import { changeText } from "~/shared/report-standing-text";
import type { ReportSummary } from "~/shared/schemas/simulation-reports";

const WIDTH = 96;
const HEIGHT = 28;

/** A line through the totals (0–100), oldest first; decorative: the numbers are printed beside it. */
function Sparkline({ scores }: { scores: number[] }) {
  const step = WIDTH / Math.max(1, scores.length - 1);
  const points = scores.map((score, i) => `${(i * step).toFixed(1)},${(HEIGHT - 2 - (score / 100) * (HEIGHT - 4)).toFixed(1)}`).join(" ");
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" className="shrink-0 text-brand-700">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The dashboard's trend per simulation taken more than once: the totals oldest first and the change
 * of the latest attempt since the one before (issue 20 §2). Nothing when every simulation was taken once.
 */
export function AttemptTrends({ reports }: { reports: ReportSummary[] }) {
  const bySimulation = new Map<string, ReportSummary[]>();
  for (const report of reports) bySimulation.set(report.simulationType, [...(bySimulation.get(report.simulationType) ?? []), report]);
  const repeated = [...bySimulation.entries()]
    .filter(([, attempts]) => attempts.length > 1)
    .map(([simulationType, attempts]) => ({ simulationType, scores: [...attempts].sort((a, b) => a.date.localeCompare(b.date)).map((a) => a.totalScore) }));
  if (repeated.length === 0) return null;
  return (
    <section aria-labelledby="trends-heading" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="trends-heading" className="text-lg font-semibold text-slate-900">
        Your progress
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {repeated.map(({ simulationType, scores }) => {
          const change = scores.at(-1)! - scores.at(-2)!;
          return (
            <li key={simulationType} className="flex items-center justify-between gap-3" data-testid="attempt-trend">
              <div className="grid min-w-0">
                <span className="font-medium break-words text-slate-900">{simulationType}</span>
                <span className="text-sm text-slate-700">
                  {scores.map((s) => Math.round(s)).join(" → ")} · {changeText(Math.round(change), 0)} since the attempt before
                </span>
              </div>
              <Sparkline scores={scores} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
