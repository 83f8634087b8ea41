import { Link } from "react-router";
import { formatDate } from "~/shared/format-date";
import { performanceLabel, summaryBullets } from "~/shared/report-bands";
import type { ReportSummary } from "~/shared/schemas/simulation-reports";
import { buttonClass } from "~/web/components/ui/button";
import { Download } from "~/web/components/ui/icons";
import { ScoreBadge } from "./score-badge";

interface ReportCardProps {
  report: ReportSummary;
  /** Where View Report goes; a sample on the home page may point elsewhere. */
  href: string;
  /** The card's heading level where it stands (a dashboard section: h3; the home hero's sample: h2). */
  headingLevel?: 2 | 3;
}

/**
 * One report on the dashboard (visitor-side §2): type, date, slug, score badge, performance label,
 * the summary clamped to three lines, View Report, and the chatbot's PDF when it sent one.
 * Presentational: everything arrives in props.
 */
export function ReportCard({ report, href, headingLevel = 3 }: ReportCardProps) {
  const bullets = summaryBullets(report.overallSummary);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <header className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <Heading className="text-lg font-semibold text-slate-900">{report.simulationType}</Heading>
          <p className="text-sm text-slate-600">{formatDate(report.date)}</p>
          <p className="truncate text-xs text-slate-600">
            ID: <span className="font-mono">{report.slug}</span>
          </p>
        </div>
        <div className="grid justify-items-end gap-1">
          <ScoreBadge score={report.totalScore} />
          <span className="text-xs font-medium text-slate-700">{performanceLabel(report.totalScore)}</span>
        </div>
      </header>
      {bullets.length > 0 && (
        <ul className="line-clamp-3 list-disc pl-5 text-sm text-slate-700">
          {bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      )}
      <footer className="mt-auto flex items-center gap-2">
        <Link to={href} className={buttonClass("primary", "flex-1")}>
          View Report
        </Link>
        {report.pdfReportLink && (
          <a
            href={report.pdfReportLink}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("secondary", "", "icon")}
            aria-label={`Download PDF of ${report.simulationType} (opens in a new tab)`}
          >
            <Download className="size-4" />
          </a>
        )}
      </footer>
    </article>
  );
}
