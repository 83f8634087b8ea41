import { formatDate } from "~/shared/format-date";
import { performanceLabel } from "~/shared/report-bands";
import { changeText, placeText } from "~/shared/report-standing-text";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";

/**
 * Beside the total score: where it stands among each candidate's best attempt at this simulation,
 * how the score is built, and the change since the previous attempt (issue 20 §2).
 */
export function ReportStanding({ report }: { report: ReportDetail }) {
  const averages = Object.values(report.dimensionScores).map((d) => d.average);
  const mean = averages.length ? averages.reduce((a, b) => a + b, 0) / averages.length : null;
  const { standing, progress } = report;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {standing && (
        <section className="grid content-start gap-2 rounded-xl bg-brand-50 p-4" aria-labelledby="standing-heading">
          <h2 id="standing-heading" className="text-base font-semibold text-slate-900">
            Where you stand
          </h2>
          <p className="text-lg font-bold break-words text-brand-900" data-testid="standing-overall">
            {placeText(standing.overall)}
          </p>
          <p className="text-sm text-slate-700">
            Among each candidate's best attempt at {report.simulationType}.
            {standing.overall.topPercent === null && " A percentile is shown from 20 candidates on."}
          </p>
          {standing.dimensions.length > 0 && (
            <ul className="grid gap-1 text-sm text-slate-700">
              {standing.dimensions.map((d) => (
                <li key={d.name} className="flex flex-wrap justify-between gap-x-3">
                  <span className="break-words">{d.name}</span>
                  <span className="font-medium text-slate-900">{placeText(d)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section className="grid content-start gap-2 rounded-xl border border-slate-200 p-4" aria-labelledby="score-built-heading">
        <h2 id="score-built-heading" className="text-base font-semibold text-slate-900">
          How the score is built
        </h2>
        <p className="text-sm text-slate-700" data-testid="score-explanation">
          Your total, {Math.round(report.totalScore)} out of 100, sums up the dimensions below: each dimension's average (out of 10) is the mean of its skill
          scores
          {mean !== null && (
            <>
              , and your {averages.length} averages come to {mean.toFixed(1)}, or {Math.round(mean * 10)} on the same scale as the total
            </>
          )}
          . Excellent is 80 and above, Good 60–79, Average 40–59, and below 40 Needs Improvement: yours is {performanceLabel(report.totalScore)}.
        </p>
      </section>
      {progress && (
        <section className="grid content-start gap-2 rounded-xl border border-slate-200 p-4 md:col-span-2" aria-labelledby="progress-heading">
          <h2 id="progress-heading" className="text-base font-semibold text-slate-900">
            Progress since your previous attempt
          </h2>
          <p className="text-sm text-slate-700" data-testid="progress-total">
            Total {changeText(progress.totalChange)} since {formatDate(progress.previousDate)}
          </p>
          <ul className="grid gap-1 text-sm sm:grid-cols-2">
            {progress.dimensions.map((d) => (
              <li key={d.name} className="flex flex-wrap justify-between gap-x-3">
                <span className="break-words text-slate-700">{d.name}</span>
                <span className={`font-semibold ${d.change > 0 ? "text-green-800" : d.change < 0 ? "text-red-800" : "text-slate-700"}`}>
                  {changeText(d.change)} <span className="sr-only">from {d.previous}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
