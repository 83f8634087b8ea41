import { SAMPLE_DIMENSIONS, SAMPLE_REPORT } from "~/shared/sample-report";
import { RadarChart } from "./radar-chart";
import { ReportCard } from "./report-card";

/**
 * What a candidate gets after a simulation, shown on the home page and /founders-find: the dashboard's
 * report card and the report's radar chart, drawn by the same components as a real report, from a
 * fixed sample. Read-only (View Report leads to the library, where a real one starts) and labelled
 * as a sample in words, not only by its look.
 */
export function SampleReport({ headingLevel = 3, className = "" }: { headingLevel?: 2 | 3; className?: string }) {
  return (
    <aside aria-label="Sample candidate report" data-testid="sample-report" className={`relative grid min-w-0 gap-3 rounded-2xl bg-white/70 p-3 shadow-xl ring-1 ring-slate-900/10 backdrop-blur sm:p-4 ${className}`}>
      <p className="flex flex-wrap items-center gap-2 text-left text-xs text-slate-600">
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold tracking-wide text-amber-900 uppercase ring-1 ring-amber-600/30">Sample report</span>
        What a candidate sees after one simulation
      </p>
      <ReportCard report={SAMPLE_REPORT} href="/simulations" headingLevel={headingLevel} />
      <div className="rounded-xl border border-slate-200 bg-white p-3 text-left">
        <RadarChart
          title="Sample: average score on each of the six dimensions, out of 10"
          axes={SAMPLE_DIMENSIONS.map((d) => d.name)}
          series={[{ label: "Score", values: SAMPLE_DIMENSIONS.map((d) => d.average), color: "#4f46e5" }]}
          size={320}
        />
      </div>
    </aside>
  );
}
