import { ExternalLink } from "lucide-react";
import { formatDateTime } from "~/shared/format-date";
import type { AdminReport } from "~/shared/schemas/simulation-reports-admin";
import { ScoreBadge } from "~/web/features/reports/score-badge";
import { StaffTable } from "~/web/components/ui/staff-table";
import { NotificationState } from "./notification-state";

/** Reports with their score badges and whether the candidate was told; each opens at /simulation-report/{slug} in a new tab. */
export function ReportsTable({ reports }: { reports: AdminReport[] }) {
  return (
    <StaffTable
      caption="Simulation reports, newest first"
      headers={[
        "Name",
        "Email",
        "Company",
        "Simulation Type",
        "Score",
        "Completed",
        "Candidate notified",
        <span key="report" className="sr-only">
          Report
        </span>,
      ]}
      minWidth="min-w-[64rem]"
    >
      {reports.map((report) => (
        <tr key={report.slug} className="border-t border-slate-200">
          <td className="p-3 font-medium text-slate-900">{report.name}</td>
          <td data-label="Email" className="p-3 break-all">{report.email}</td>
          <td data-label="Company" className="p-3">{report.company ?? "—"}</td>
          <td data-label="Simulation Type" className="p-3">{report.simulationType}</td>
          <td data-label="Score" className="p-3">
            <ScoreBadge score={report.totalScore} />
          </td>
          <td data-label="Completed" className="p-3 whitespace-nowrap">{formatDateTime(report.timestamp)}</td>
          <td data-label="Candidate notified" className="p-3">
            <NotificationState notification={report.notification} />
          </td>
          <td className="p-3">
            <a
              href={`/simulation-report/${report.slug}`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              View <ExternalLink className="size-3.5" aria-hidden />
              <span className="sr-only">report of {report.name} (opens in a new tab)</span>
            </a>
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
