import type { ReactNode } from "react";
import { Tabs } from "radix-ui";
import { Link } from "react-router";
import { formatDate } from "~/shared/format-date";
import { performanceLabel, summaryBullets } from "~/shared/report-bands";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";
import { buttonClass } from "~/web/components/ui/button";
import { Download } from "~/web/components/ui/icons";
import { CaseSimulation } from "./case-simulation";
import { DimensionPanel } from "./dimension-panel";
import { NextSteps } from "./next-steps";
import { ReportStanding } from "./report-standing";
import { ScoreBadge } from "./score-badge";
import { DimensionOverview } from "./self-rating";

const tabClass =
  "rounded-md px-2 py-2 text-center text-sm font-medium text-slate-700 sm:px-4 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm";

/**
 * The whole report (visitor-side §2 "Simulation report detail"). Presentational: the report, the
 * PDF's address and where "Back to Dashboard" leads (the candidate's dashboard, or /admin for staff)
 * arrive in props. The chatbot's own PDF opens in a new tab; ours downloads.
 * Text wraps anywhere and the column may shrink, so a long unbroken word never widens the page.
 * `credential`: the owner's sharing switch (credential-share.tsx), under the summary.
 */
export function ReportView({
  report,
  pdfHref,
  backHref = "/simulation-dashboard",
  credential,
}: {
  report: ReportDetail;
  pdfHref: string;
  backHref?: string;
  credential?: ReactNode;
}) {
  const bullets = summaryBullets(report.overallSummary);
  const external = pdfHref.startsWith("http");
  return (
    <div className="bg-slate-50 wrap-anywhere">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
        <nav className="flex flex-wrap items-center justify-between gap-3" aria-label="Report actions">
          <Link to={backHref} className={buttonClass("ghost")}>
            ← Back to Dashboard
          </Link>
          <a
            href={pdfHref}
            className={buttonClass("secondary")}
            {...(external ? { target: "_blank", rel: "noopener noreferrer" } : { download: true })}
          >
            <Download className="size-4" /> Download PDF
            {external && <span className="sr-only">(opens in a new tab)</span>}
          </a>
        </nav>

        <section className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="report-title">
          <h1 id="report-title" className="text-2xl font-bold text-brand-900 sm:text-3xl">
            {report.simulationType} Report
          </h1>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-sm text-slate-600">Candidate</dt>
              <dd className="font-semibold text-slate-900">{report.fullName}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Simulation</dt>
              <dd className="font-semibold text-slate-900">{report.simulationType}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Date</dt>
              <dd className="font-semibold text-slate-900">{formatDate(report.date)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Total Score</dt>
              <dd className="flex items-center gap-2">
                <ScoreBadge score={report.totalScore} className="text-base" />
                <span className="text-sm text-slate-700">{performanceLabel(report.totalScore)}</span>
              </dd>
            </div>
          </dl>
          <ReportStanding report={report} />
          {bullets.length > 0 && (
            <div className="grid gap-2">
              <h2 className="text-lg font-semibold text-slate-900">Overall Summary</h2>
              <ul className="list-disc space-y-1 pl-5 text-slate-700">
                {bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            </div>
          )}
        </section>

        {credential}

        <Tabs.Root defaultValue="performance" className="grid grid-cols-1 gap-5">
          {/* Two equal halves on a phone (the second tab wrapped under the first inside the grey bar), side by side from sm. */}
          <Tabs.List aria-label="Report sections" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-200/70 p-1 sm:flex sm:w-fit">
            <Tabs.Trigger value="performance" className={tabClass}>
              Performance Analysis
            </Tabs.Trigger>
            <Tabs.Trigger value="case" className={tabClass}>
              Case Simulation
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="performance" className="grid grid-cols-1 gap-5">
            <DimensionOverview dimensionScores={report.dimensionScores} selfRating={report.selfRating} />
            {Object.entries(report.dimensionScores).map(([name, dimension]) => (
              <DimensionPanel key={name} name={name} average={dimension.average} skills={dimension.skills} feedback={report.skillFeedback} />
            ))}
          </Tabs.Content>
          <Tabs.Content value="case">
            <CaseSimulation report={report} />
          </Tabs.Content>
        </Tabs.Root>

        <NextSteps steps={report.nextSteps} />
      </div>
    </div>
  );
}
