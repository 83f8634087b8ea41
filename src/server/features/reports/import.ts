import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { SKILL_AREAS } from "~/shared/application-options";
import { isStorableText } from "~/shared/text-input";
import { reportIntakeSchema } from "~/shared/schemas/simulation-reports";
import type { Db } from "../../db/client";
import { simulationReport } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { recordLeadEngagement } from "../leads/service";
import { reportColumns, upsertReport } from "./intake";
import { recordStanding } from "./standing";

/** The export's columns (internal-side §3) without Report URL; Simulation Type is read when present. */
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
  dimensionScores: "Strategy",
};
const DEFAULT_SIMULATION_TYPE = "Job Simulation";
/** Rows written per transaction: short enough never to hold the embedded database for long. */
const BATCH = 200;
/** Rejections listed in the answer; the count of the rest is still exact. */
export const MAX_LISTED_REJECTIONS = 1000;

export interface Rejection {
  row: number;
  field: string;
  message: string;
}

export interface ImportResult {
  imported: number;
  updated: number;
  rejected: Rejection[];
  /** Rejected rows beyond the listed ones. */
  moreRejected?: number;
}

type Parsed = ReturnType<typeof reportIntakeSchema.parse>;

const number = (text: string) => (text.trim() === "" ? null : Number(text.replace(/[%\s]/g, "")));

/** One CSV row as a report, or the first thing wrong with it. */
function toReport(record: Record<string, string>): Parsed | Omit<Rejection, "row"> {
  for (const [column, value] of Object.entries(record)) {
    if (!isStorableText(value)) return { field: column, message: "Contains a character that is not allowed" };
  }
  const dimensionScores: Record<string, { average: number; skills: Record<string, number> }> = {};
  for (const area of SKILL_AREAS) {
    const column = AREA_COLUMNS[area.key];
    const score = number(record[column] ?? "");
    if (score === null) continue;
    if (!Number.isFinite(score) || score < 0 || score > 10) return { field: column, message: `${column} must be a score from 0 to 10` };
    dimensionScores[area.label] = { average: score, skills: {} };
  }
  const completed = (record["Completed At"] ?? "").trim();
  if (completed && Number.isNaN(Date.parse(completed))) return { field: "Completed At", message: "Completed At must be a date and time (ISO 8601)" };
  const totalScore = number(record["Total Score"] ?? "");
  const email = (record.Email ?? "").trim().toLowerCase();
  const candidate = {
    // Re-importing the same file updates its reports instead of adding them again.
    resultId: `csv:${createHash("sha256").update(`${email}|${completed}`).digest("base64url").slice(0, 32)}`,
    email,
    fullName: record.Name ?? "",
    simulationType: (record["Simulation Type"] ?? "").trim() || DEFAULT_SIMULATION_TYPE,
    company: (record.Company ?? "").trim() || undefined,
    totalScore: totalScore === null || Number.isNaN(totalScore) ? undefined : totalScore,
    overallSummary: "",
    dimensionScores,
    skillFeedback: {},
    candidateResponses: {},
    completedAt: completed ? new Date(completed).toISOString() : undefined,
  };
  const parsed = reportIntakeSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const key = String(issue.path[0] ?? "");
  return { field: COLUMN_OF[key] ?? key, message: key === "totalScore" && totalScore === null ? "Total Score is required" : issue.message };
}

async function storeBatch(db: Db, batch: Parsed[]): Promise<{ imported: number; updated: number }> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    let imported = 0;
    let updated = 0;
    for (const report of batch) {
      const stored = await upsertReport(txDb, report.resultId, reportColumns(report));
      const leadId = await recordLeadEngagement(txDb, { email: report.email, source: "simulation_attempt", fullName: report.fullName, refId: stored.id });
      await txDb.update(simulationReport).set({ leadId }).where(eq(simulationReport.id, stored.id));
      if (stored.created) imported++;
      else updated++;
    }
    await recordStanding(txDb, batch);
    return { imported, updated };
  });
}

/**
 * Stores each valid row of a CSV of past reports (with its lead), in batches; the file was checked
 * whole before (platform/csv-import.ts). Rows are not e-mailed: the bulk send picks them up. Row numbers count the header as 1,
 * as a spreadsheet shows them.
 */
export async function importReports(db: Db, records: AsyncIterable<string[]> | Iterable<string[]>): Promise<ImportResult> {
  const result: ImportResult = { imported: 0, updated: 0, rejected: [] };
  let rejectedCount = 0;
  let batch: Parsed[] = [];
  let row = 1;
  const flush = async () => {
    if (batch.length === 0) return;
    const stored = await storeBatch(db, batch);
    result.imported += stored.imported;
    result.updated += stored.updated;
    batch = [];
  };
  let header: string[] | null = null;
  for await (const cells of records) {
    if (!header) {
      header = cells.map((name) => name.trim());
      const missing = REQUIRED_COLUMNS.filter((column) => !header!.includes(column));
      if (missing.length) throw new AppError("invalid", `The CSV has no column ${missing.join(", ")}`, { file: `Line 1: missing column ${missing.join(", ")}` });
      continue;
    }
    row++;
    // No prototype: a column named "__proto__" stays a column.
    const record: Record<string, string> = Object.create(null);
    header.forEach((column, index) => (record[column] ??= cells[index] ?? ""));
    const report = toReport(record);
    if ("field" in report) {
      rejectedCount++;
      if (result.rejected.length < MAX_LISTED_REJECTIONS) result.rejected.push({ row, ...report });
      continue;
    }
    batch.push(report);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (rejectedCount > result.rejected.length) result.moreRejected = rejectedCount - result.rejected.length;
  return result;
}
