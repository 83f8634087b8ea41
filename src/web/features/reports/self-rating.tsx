import { SKILL_AREAS, SKILL_MAX } from "~/shared/application-options";
import { areaAverages } from "~/shared/report-dimensions";
import { oneDecimal } from "~/shared/report-bands";
import { RadarChart } from "./radar-chart";

interface SelfRatingProps {
  dimensionScores: Record<string, { average: number }>;
  /** The wizard's six ratings (1–5), when the candidate applied. */
  selfRating: Record<string, number> | null;
}

/**
 * The six dimensions at a glance; when the candidate also applied, their own rating from the
 * wizard (1–5, shown on the same 10-point scale) beside what the simulation measured.
 */
export function DimensionOverview({ dimensionScores, selfRating }: SelfRatingProps) {
  const measured = areaAverages(dimensionScores);
  // Nothing measured and nothing self-rated: no empty chart.
  if (!selfRating && Object.values(measured).every((value) => value === null)) return null;
  const axes = SKILL_AREAS.map((area) => area.label);
  const series = [{ label: "Measured", values: SKILL_AREAS.map((area) => measured[area.key]), color: "#4f46e5" }];
  if (selfRating) {
    series.push({ label: "Your self-rating", values: SKILL_AREAS.map((area) => (selfRating[area.key] ?? 0) * (10 / SKILL_MAX)), color: "#d97706", dashed: true } as (typeof series)[number]);
  }
  return (
    <section className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="overview-heading">
      <h3 id="overview-heading" className="text-lg font-semibold text-slate-900">
        {selfRating ? "Measured scores and your self-rating" : "All dimensions"}
      </h3>
      <div className={`grid items-center gap-6 ${selfRating ? "lg:grid-cols-2" : ""}`}>
        <RadarChart title={selfRating ? "Measured score and self-rating by dimension, out of 10" : "Average score by dimension, out of 10"} axes={axes} series={series} />
        {selfRating && (
          <ul className="grid gap-2 text-sm">
            {SKILL_AREAS.map((area) => {
              const score = measured[area.key];
              const self = (selfRating[area.key] ?? 0) * (10 / SKILL_MAX);
              const gap = score === null ? null : self - score;
              return (
                <li key={area.key} className="flex justify-between gap-3 border-b border-slate-100 pb-2">
                  <span className="text-slate-800">{area.label}</span>
                  <span className="text-right text-slate-700">
                    {score === null ? "not measured" : `${oneDecimal(score)} measured`} · {oneDecimal(self)} self-rated
                    {gap !== null && Math.abs(gap) >= 1.5 ? (gap > 0 ? " (rated yourself higher)" : " (rated yourself lower)") : ""}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
