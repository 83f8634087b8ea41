import { createHash } from "node:crypto";
import { eq, inArray, or, sql } from "drizzle-orm";
import { SKILL_AREAS, type SkillKey } from "~/shared/application-options";
import { parseKolkataDateTime } from "~/shared/format-date";
import { areaAverages, dimensionKey } from "~/shared/report-dimensions";
import { isStorableText } from "~/shared/text-input";
import { reportIntakeSchema } from "~/shared/schemas/simulation-reports";
import type { ImportResult as ReportsImportResult } from "~/shared/schemas/simulation-reports-admin";
import type { Db } from "../../db/client";
import { simulationReport } from "../../db/schema";
import type { RowChunks } from "../../platform/csv-import";
import { AppError } from "../../platform/errors";
import { recordLeadEngagement } from "../crm/service";
import { exportedText, type ReportCsvColumn } from "./csv-columns";
import { reportColumns, upsertReport } from "./intake";
import { recordStanding } from "./standing";

/** The export's columns (internal-side §3); Company, Simulation Type, Completed At, Report URL and Result ID are read when present. */
const REQUIRED_COLUMNS = ["Name", "Email", "Total Score"] as const;
const AREA_COLUMNS = { strategy: "Strategy", execution: "Execution", communication: "Communication", leadership: "Leadership", growth: "Growth", tech: "Tech" } as const;
/** Which CSV column an error in a schema field points at. */
const COLUMN_OF: Record<string, string> = {
  email: "Email",
  fullName: "Name",
  company: "Company",
  totalScore: "Total Score",
  completedAt: "Completed At",
  simulationType: "Simulation Type",
  resultId: "Result ID",
  dimensionScores: "Strategy",
};
const DEFAULT_SIMULATION_TYPE = "Job Simulation";
/** Rows read into one batch (their stored reports are looked up in one statement). */
const BATCH = 200;
/**
 * How long one transaction goes on writing a batch's rows before it commits and the next takes the
 * rest. A new report costs several statements (its lead, score and standing), and on the embedded
 * database a transaction holds every other request: 200 rows in one held it 4–6 s on a loaded
 * 2-core machine, long enough for a sign-in or a second import to time out behind it.
 */
const TRANSACTION_BUDGET_MS = 250;
/** Rejections listed in the answer; the count of the rest is still exact. */
export const MAX_LISTED_REJECTIONS = 1000;
/** A report's address as the export writes it (any host: the export may come from another address of the site). */
const REPORT_URL = /\/simulation-report\/([A-Za-z0-9_-]{1,200})\/?(?:[?#].*)?$/;
const DATE_HELP = "Completed At must be a date and time such as 23 Nov 2026, 7:33 pm or 2026-11-23T19:33 (read as India time unless it carries an offset)";

export interface Rejection {
  row: number;
  field: string;
  message: string;
}

/** The one shape of a CSV import (shared/schemas/csv-import.ts), with the reports' older names kept. */
export type ImportResult = ReportsImportResult;

type Parsed = ReturnType<typeof reportIntakeSchema.parse>;
type ReportRow = typeof simulationReport.$inferSelect;

/** One valid row: the report it holds, its cells, and the keys that find the report it may already be. */
interface ImportRow {
  row: number;
  report: Parsed;
  record: Record<string, string>;
  areas: Partial<Record<SkillKey, number>>;
  completedAt: Date | null;
  slug: string | null;
  /** The row's own Result ID, else the key of a row without one: e-mail and the Completed At text. */
  resultId: string;
}

const number = (text: string) => (text.trim() === "" ? null : Number(text.replace(/[%\s]/g, "")));

/** One CSV row as a report, or the first thing wrong with it. */
function toRow(record: Record<string, string>, row: number): ImportRow | Omit<Rejection, "row"> {
  for (const [column, value] of Object.entries(record)) {
    if (!isStorableText(value)) return { field: column, message: "Contains a character that is not allowed" };
  }
  const dimensionScores: Record<string, { average: number; skills: Record<string, number> }> = {};
  const areas: Partial<Record<SkillKey, number>> = {};
  for (const area of SKILL_AREAS) {
    const column = AREA_COLUMNS[area.key];
    const score = number(record[column] ?? "");
    if (score === null) continue;
    if (!Number.isFinite(score) || score < 0 || score > 10) return { field: column, message: `${column} must be a score from 0 to 10` };
    dimensionScores[area.label] = { average: score, skills: {} };
    areas[area.key] = score;
  }
  const completed = (record["Completed At"] ?? "").trim();
  // Asia/Kolkata unless the cell says otherwise: never the server's own zone (issue 20 §1.3).
  const completedAt = completed ? parseKolkataDateTime(completed) : null;
  if (completed && !completedAt) return { field: "Completed At", message: DATE_HELP };
  const url = (record["Report URL"] ?? "").trim();
  const slug = url ? (REPORT_URL.exec(url)?.[1] ?? null) : null;
  if (url && !slug) return { field: "Report URL", message: "Report URL must be a report's address (…/simulation-report/…) or left blank" };
  const totalScore = number(record["Total Score"] ?? "");
  const email = (record.Email ?? "").trim().toLowerCase();
  const ownResultId = (record["Result ID"] ?? "").trim();
  const candidate = {
    // Without a Result ID, re-importing the same file updates its reports instead of adding them again.
    resultId: ownResultId || `csv:${createHash("sha256").update(`${email}|${completed}`).digest("base64url").slice(0, 32)}`,
    email,
    fullName: record.Name ?? "",
    simulationType: (record["Simulation Type"] ?? "").trim() || DEFAULT_SIMULATION_TYPE,
    company: (record.Company ?? "").trim() || undefined,
    totalScore: totalScore === null || Number.isNaN(totalScore) ? undefined : totalScore,
    overallSummary: "",
    dimensionScores,
    skillFeedback: {},
    candidateResponses: {},
    completedAt: completedAt?.toISOString(),
  };
  const parsed = reportIntakeSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? "");
    return { field: COLUMN_OF[key] ?? key, message: key === "totalScore" && totalScore === null ? "Total Score is required" : issue.message };
  }
  return { row, report: parsed.data, record, areas, completedAt, slug, resultId: parsed.data.resultId };
}

/**
 * What a row changes in the report it matched. A cell is unchanged when it holds the stored value,
 * or exactly the text the export writes for it (a rounded total, a time to the minute, a formula
 * guard), so an export imported back changes nothing. A blank cell never clears a stored value.
 */
function changesOf(stored: ReportRow, item: ImportRow): Partial<ReportRow> {
  const { record, report } = item;
  const changes: Partial<ReportRow> = {};
  const cell = (column: ReportCsvColumn) => (record[column] ?? "").trim();
  const asExported = (column: ReportCsvColumn) => cell(column) === exportedText(stored, column).trim();
  if (report.fullName !== stored.fullName && !asExported("Name")) changes.fullName = report.fullName;
  if (cell("Company") && report.company !== stored.company && !asExported("Company")) changes.company = report.company ?? null;
  if (cell("Simulation Type") && report.simulationType !== stored.simulationType && !asExported("Simulation Type")) changes.simulationType = report.simulationType;
  if (report.totalScore !== stored.totalScore && !asExported("Total Score")) changes.totalScore = report.totalScore;
  const storedAreas = areaAverages(stored.dimensionScores);
  let dimensions: ReportRow["dimensionScores"] | null = null;
  for (const area of SKILL_AREAS) {
    const value = item.areas[area.key];
    if (value === undefined || value === storedAreas[area.key] || asExported(AREA_COLUMNS[area.key])) continue;
    dimensions ??= structuredClone(stored.dimensionScores);
    // The area's own dimension keeps its skills; only its average is the file's.
    const name = Object.keys(dimensions).find((key) => dimensionKey(key) === area.key) ?? area.label;
    dimensions[name] = { average: value, skills: dimensions[name]?.skills ?? {} };
  }
  if (dimensions) changes.dimensionScores = dimensions;
  if (item.completedAt && item.completedAt.getTime() !== stored.completedAt.getTime() && !asExported("Completed At")) changes.completedAt = item.completedAt;
  return changes;
}

interface BatchResult {
  /** The batch's first rows that this transaction settled; the rest go to the next one. */
  settled: number;
  imported: number;
  updated: number;
  unchanged: number;
  rejected: Rejection[];
}

/**
 * Writes a batch's first rows in one transaction, until TRANSACTION_BUDGET_MS has passed (one row at
 * least). A row finds its report by Report URL, then Result ID, then the key of a row without one; a
 * matched report keeps its address, slug, answers and "told" state, so no second "report ready"
 * e-mail follows.
 */
async function storeBatch(db: Db, batch: ImportRow[]): Promise<BatchResult> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const until = Date.now() + TRANSACTION_BUDGET_MS;
    const done: BatchResult = { settled: 0, imported: 0, updated: 0, unchanged: 0, rejected: [] };
    const slugs = batch.flatMap((item) => (item.slug ? [item.slug] : []));
    const resultIds = batch.map((item) => item.resultId);
    const found = await txDb
      .select()
      .from(simulationReport)
      .where(or(slugs.length ? inArray(simulationReport.slug, slugs) : undefined, inArray(simulationReport.resultId, resultIds)));
    const bySlug = new Map(found.map((row) => [row.slug, row]));
    const byResultId = new Map(found.map((row) => [row.resultId, row]));
    for (const item of batch) {
      if (done.settled > 0 && Date.now() >= until) break;
      done.settled++;
      const stored = (item.slug ? bySlug.get(item.slug) : undefined) ?? byResultId.get(item.resultId);
      if (!stored) {
        const created = await upsertReport(txDb, item.resultId, reportColumns(item.report));
        const leadId = await recordLeadEngagement(txDb, { email: item.report.email, source: "simulation_attempt", fullName: item.report.fullName, refId: created.id });
        await txDb.update(simulationReport).set({ leadId }).where(eq(simulationReport.id, created.id));
        if (created.created) done.imported++;
        else done.updated++;
        continue;
      }
      if (stored.email !== item.report.email) {
        done.rejected.push({ row: item.row, field: "Email", message: `This report belongs to ${stored.email}; an import does not move a report to another address` });
        continue;
      }
      const changes = changesOf(stored, item);
      if (Object.keys(changes).length === 0) {
        done.unchanged++;
        continue;
      }
      const [updated] = await txDb
        .update(simulationReport)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(simulationReport.id, stored.id))
        .returning();
      bySlug.set(updated!.slug, updated!);
      byResultId.set(updated!.resultId, updated!);
      done.updated++;
    }
    // A matched report may have moved to another simulation type: both places are counted again.
    await recordStanding(txDb, [...batch.slice(0, done.settled).map((item) => item.report), ...found]);
    return done;
  });
}

/**
 * Stores each valid row of a CSV of past reports (with its lead), in batches; the file was checked
 * whole before (platform/csv-import.ts). Rows are not e-mailed: the bulk send picks them up. Row numbers count the header as 1,
 * as a spreadsheet shows them.
 */
/** A first row without the columns a report needs, or null. */
export function reportsHeaderError(cells: string[]): AppError | null {
  const header = cells.map((name) => name.trim());
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  return missing.length ? new AppError("invalid", `The CSV has no column ${missing.join(", ")}`, { file: `Line 1: missing column ${missing.join(", ")}` }) : null;
}

export async function importReports(
  db: Db,
  records: RowChunks,
  /** Told the rows settled so far (written, unchanged or rejected) each time a batch is written. */
  onProgress?: (rowsDone: number) => void,
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, imported: 0, updated: 0, unchanged: 0, rejected: [], rejectedRows: 0 };
  const reject = (rejection: Rejection) => {
    result.rejectedRows++;
    if (result.rejected.length < MAX_LISTED_REJECTIONS) result.rejected.push(rejection);
  };
  let batch: ImportRow[] = [];
  let row = 1;
  const flush = async () => {
    while (batch.length > 0) {
      const stored = await storeBatch(db, batch);
      result.created += stored.imported;
      result.imported += stored.imported;
      result.updated += stored.updated;
      result.unchanged += stored.unchanged;
      stored.rejected.forEach(reject);
      batch = batch.slice(stored.settled);
      onProgress?.(result.created + result.updated + result.unchanged + result.rejectedRows);
    }
  };
  let header: string[] | null = null;
  for await (const chunk of records) {
    for (const cells of chunk) {
      if (!header) {
        const refused = reportsHeaderError(cells);
        if (refused) throw refused;
        header = cells.map((name) => name.trim());
        continue;
      }
      row++;
      // No prototype: a column named "__proto__" stays a column.
      const record: Record<string, string> = Object.create(null);
      header.forEach((column, index) => (record[column] ??= cells[index] ?? ""));
      const item = toRow(record, row);
      if ("field" in item) {
        reject({ row, ...item });
        continue;
      }
      batch.push(item);
      if (batch.length >= BATCH) await flush();
    }
  }
  await flush();
  // Rows a batch refused come after the ones refused on reading; the answer lists them in file order.
  result.rejected.sort((a, b) => a.row - b.row);
  if (result.rejectedRows > result.rejected.length) result.moreRejected = result.rejectedRows - result.rejected.length;
  return result;
}
