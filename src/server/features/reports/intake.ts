import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ReportIntake } from "~/shared/schemas/simulation-reports";
import { reportIntakeSchema } from "~/shared/schemas/simulation-reports";
import { dimensionOrderOf } from "~/shared/report-order";
import type { Db } from "../../db/client";
import { simulationReport } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { queueMail } from "../../platform/mail/outbox";
import { reportReadyMail } from "./mail";
import { storeIntake } from "./intake-statement";
import { recordStanding } from "./standing";

/** 144 random bits, URL-safe: a report address cannot be guessed. */
export const newReportSlug = () => randomBytes(18).toString("base64url");

export type ParsedReport = ReturnType<typeof reportIntakeSchema.parse>;

/** The stored columns of a validated report (shared by the webhook and the CSV import). */
export function reportColumns(report: ParsedReport) {
  return {
    email: report.email,
    fullName: report.fullName,
    simulationType: report.simulationType,
    simulationSlug: report.simulationSlug || null,
    company: report.company || null,
    totalScore: report.totalScore,
    overallSummary: report.overallSummary,
    dimensionScores: report.dimensionScores,
    dimensionOrder: dimensionOrderOf(report.dimensionScores),
    skillFeedback: report.skillFeedback,
    caseStudyDetails: report.caseStudyDetails ?? null,
    candidateResponses: report.candidateResponses,
    pdfReportLink: report.pdfReportLink ?? null,
    completedAt: report.completedAt ? new Date(report.completedAt) : new Date(),
  };
}

/** The report of a resultId is another address's: it keeps its owner (issue 20 §1.6). */
export class ReportOwnerConflict extends AppError {
  constructor(readonly resultId: string) {
    super("conflict", "This resultId is already a report of another e-mail address; the report keeps its address", {
      email: "Differs from the e-mail address of the report already stored under this resultId",
    });
  }
}

/**
 * Inserts the report, or updates the one with the same resultId and e-mail; returns its id and
 * slug, and whether it is new (`xmax = 0` holds only for a freshly inserted row version). The same
 * resultId with another e-mail updates nothing and throws `ReportOwnerConflict`: moving the report
 * would hand it to an address that was never told of it.
 */
export async function upsertReport(db: Db, resultId: string, columns: ReturnType<typeof reportColumns>) {
  const [row] = await db
    .insert(simulationReport)
    .values({ resultId, slug: newReportSlug(), ...columns })
    .onConflictDoUpdate({ target: simulationReport.resultId, set: { ...columns, updatedAt: sql`now()` }, setWhere: eq(simulationReport.email, columns.email) })
    .returning({ id: simulationReport.id, slug: simulationReport.slug, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new ReportOwnerConflict(resultId);
  return row;
}

/**
 * Queues the "report ready" e-mail unless the candidate was already told about this report. The
 * conditional update makes it once only, even when the chatbot's two calls race.
 */
export async function notifyReportReady(db: Db, reportId: string, publicBaseUrl: string, priority?: number): Promise<boolean> {
  const [claimed] = await db
    .update(simulationReport)
    .set({ notifiedAt: new Date() })
    .where(and(eq(simulationReport.id, reportId), isNull(simulationReport.notifiedAt)))
    .returning({
      email: simulationReport.email,
      fullName: simulationReport.fullName,
      simulationType: simulationReport.simulationType,
      totalScore: simulationReport.totalScore,
      slug: simulationReport.slug,
      // What the report holds: the e-mail names only that (an imported report has averages alone).
      dimensionScores: simulationReport.dimensionScores,
      skillFeedback: simulationReport.skillFeedback,
      overallSummary: simulationReport.overallSummary,
      candidateResponses: simulationReport.candidateResponses,
    });
  if (!claimed) return false;
  const mailId = await queueMail(db, await reportReadyMail(claimed, publicBaseUrl, priority));
  await db.update(simulationReport).set({ notifyMailId: mailId }).where(eq(simulationReport.id, reportId));
  return true;
}

/**
 * The webhook's work, in one statement (intake-statement.ts): store (or update) the report, create
 * or update the person's CRM lead, queue the candidate's "report ready" e-mail once and keep the best
 * attempt and the score histogram exact.
 */
export function receiveReport(db: Db, input: ReportIntake | ParsedReport, publicBaseUrl: string, options: { notify: boolean } = { notify: true }) {
  return receiveValidReport(db, reportIntakeSchema.parse(input), publicBaseUrl, options);
}

/** receiveReport for a report already validated (the webhook's body schema): parsing 15 KB twice cost ~0.2 ms a report. */
export async function receiveValidReport(
  db: Db,
  report: ParsedReport,
  publicBaseUrl: string,
  options: { notify: boolean } = { notify: true },
): Promise<{ slug: string; created: boolean }> {
  const stored = await storeIntake(db, report.resultId, newReportSlug(), reportColumns(report), options.notify, publicBaseUrl);
  if (!stored) throw new ReportOwnerConflict(report.resultId);
  // An update of a report whose candidate was never told (sent without notifying first): tell them now, once.
  if (!stored.created && options.notify) await notifyReportReady(db, stored.id, publicBaseUrl);
  // Rare: an update that moved the report to another simulation type leaves the old type's standing to redo.
  if (stored.priorType) await db.transaction((tx) => recordStanding(tx as unknown as Db, [{ email: report.email, simulationType: stored.priorType! }]));
  return { slug: stored.slug, created: stored.created };
}
