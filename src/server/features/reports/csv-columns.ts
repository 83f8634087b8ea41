import { formatDateTime } from "~/shared/format-date";
import { areaAverages } from "~/shared/report-dimensions";
import type { simulationReport } from "../../db/schema";
import { safeCell } from "../../platform/csv";

type ReportRow = typeof simulationReport.$inferSelect;

/**
 * Internal-side §3 "CSV exports": simulation-reports-{date}.csv, with the Simulation Type after
 * Company (issue 20 §1.13). The import reads these columns by name, so an export imports back.
 */
export const REPORT_CSV_COLUMNS = [
  "Name",
  "Email",
  "Company",
  "Simulation Type",
  "Total Score",
  "Strategy",
  "Execution",
  "Communication",
  "Leadership",
  "Growth",
  "Tech",
  "Completed At",
  "Report URL",
] as const;

export type ReportCsvColumn = (typeof REPORT_CSV_COLUMNS)[number];

/** The export's cells of one report, before the formula guard. */
export function reportCsvCells(row: ReportRow, publicBaseUrl: string): Record<ReportCsvColumn, string | number> {
  const areas = areaAverages(row.dimensionScores);
  return {
    Name: row.fullName,
    Email: row.email,
    Company: row.company ?? "",
    "Simulation Type": row.simulationType,
    "Total Score": Math.round(row.totalScore),
    Strategy: areas.strategy ?? "",
    Execution: areas.execution ?? "",
    Communication: areas.communication ?? "",
    Leadership: areas.leadership ?? "",
    Growth: areas.growth ?? "",
    Tech: areas.tech ?? "",
    "Completed At": formatDateTime(row.completedAt),
    "Report URL": `${publicBaseUrl}/simulation-report/${row.slug}`,
  };
}

/** Exactly the text the export writes in a cell (with the formula guard), for the import's "unchanged" test. */
export const exportedText = (row: ReportRow, column: ReportCsvColumn) => safeCell(reportCsvCells(row, "")[column]);
