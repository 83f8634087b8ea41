import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { AREA_ROLES, hasAnyRole } from "~/shared/roles";
import { areaAverages } from "~/shared/report-dimensions";
import { orderedDimensionScores } from "~/shared/report-order";
import { HIGH_PERFORMER_MIN, type ScoreBand } from "~/shared/report-bands";
import type { ReportDetail, ReportSummary } from "~/shared/schemas/simulation-reports";
import type { AdminReport, AdminReportsPage } from "~/shared/schemas/simulation-reports-admin";
import type { Db } from "../../db/client";
import { application, outbox, simulationReport } from "../../db/schema";
import { decodeCursor, keysetPage, olderThan } from "../../platform/keyset";
import { reportInsightsOf } from "./insights";

type ReportRow = typeof simulationReport.$inferSelect;

/** Staff roles that may open any report (PRODUCT.md §2). */
export const REPORT_STAFF_ROLES = AREA_ROLES.simulationReports;

const summaryOf = (row: ReportRow): ReportSummary => ({
  fullName: row.fullName,
  simulationType: row.simulationType,
  date: row.completedAt.toISOString(),
  slug: row.slug,
  totalScore: row.totalScore,
  overallSummary: row.overallSummary,
  pdfReportLink: row.pdfReportLink,
});

/** The candidate's own reports, newest first; the address comes from the session, never the query. */
export async function listCandidateReports(db: Db, email: string): Promise<ReportSummary[]> {
  const rows = await db.select().from(simulationReport).where(eq(simulationReport.email, email)).orderBy(desc(simulationReport.completedAt));
  return rows.map(summaryOf);
}

export interface ReportViewer {
  candidateEmail: string | null;
  staffRoles: readonly string[] | null;
}

/**
 * One report by slug, for a viewer who may see it: the candidate whose address it is, or staff
 * with admin or admissions. The rule is in the query, so anyone else simply finds nothing.
 */
export async function findReportRow(db: Db, slug: string, viewer: ReportViewer): Promise<ReportRow | null> {
  const staffMay = viewer.staffRoles !== null && hasAnyRole(viewer.staffRoles, REPORT_STAFF_ROLES);
  if (!staffMay && !viewer.candidateEmail) return null;
  const owner = staffMay ? undefined : eq(simulationReport.email, viewer.candidateEmail!);
  const [row] = await db.select().from(simulationReport).where(and(eq(simulationReport.slug, slug), owner));
  return row ?? null;
}

/** The wizard's self-rating of the same person (their latest application), if they applied. */
async function selfRatingOf(db: Db, email: string): Promise<Record<string, number> | null> {
  const [row] = await db
    .select({ skills: application.skillAssessment })
    .from(application)
    .where(eq(application.email, email))
    .orderBy(desc(application.submittedAt))
    .limit(1);
  return row?.skills ?? null;
}

export async function reportDetailOf(db: Db, row: ReportRow): Promise<ReportDetail> {
  // The chatbot's order, not jsonb's (shortest key first): the page, the staff view and the PDF read this.
  const dimensionScores = orderedDimensionScores(row.dimensionScores, row.dimensionOrder);
  return {
    ...summaryOf(row),
    email: row.email,
    company: row.company,
    dimensionScores,
    skillFeedback: row.skillFeedback,
    caseStudyDetails: row.caseStudyDetails
      ? {
          companyBackground: row.caseStudyDetails.companyBackground ?? "",
          scenes: (row.caseStudyDetails.scenes ?? []).map((scene) => ({
            sceneNumber: scene.sceneNumber,
            title: scene.title ?? "",
            sceneText: scene.sceneText ?? "",
            content: scene.content ?? "",
            question: scene.question ?? "",
          })),
        }
      : null,
    candidateResponses: row.candidateResponses,
    selfRating: await selfRatingOf(db, row.email),
    ...(await reportInsightsOf(db, row, dimensionScores)),
  };
}

function adminFilter(query: { q?: string; band?: ScoreBand }): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    // Searched as typed, with LIKE's own wildcards taken literally.
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(simulationReport.fullName, pattern), ilike(simulationReport.email, pattern), ilike(simulationReport.company, pattern)));
  }
  if (query.band === "high") conditions.push(gte(simulationReport.totalScore, HIGH_PERFORMER_MIN));
  if (query.band === "medium") conditions.push(and(gte(simulationReport.totalScore, 60), lt(simulationReport.totalScore, HIGH_PERFORMER_MIN)));
  if (query.band === "low") conditions.push(lt(simulationReport.totalScore, 60));
  return and(...conditions);
}

type MailStatus = (typeof outbox.$inferSelect)["status"];

/** The notice's state: not sent until the report is marked told; then its outbox row's (a missing row counts as failed). */
function notificationOf(row: ReportRow, mailStatus: MailStatus | null): AdminReport["notification"] {
  if (!row.notifiedAt) return { state: "not_sent", notifiedAt: null, mailId: null };
  const state = mailStatus === "pending" ? "queued" : (mailStatus ?? "failed");
  return { state, notifiedAt: row.notifiedAt.toISOString(), mailId: row.notifyMailId };
}

export function adminReportOf(row: ReportRow, mailStatus: MailStatus | null = null): AdminReport {
  return {
    name: row.fullName,
    email: row.email,
    company: row.company,
    simulationType: row.simulationType,
    totalScore: row.totalScore,
    ...areaAverages(row.dimensionScores),
    timestamp: row.completedAt.toISOString(),
    slug: row.slug,
    notification: notificationOf(row, mailStatus),
  };
}

/** A page of the staff list, newest first, with the summary cards over the whole filtered set. */
export async function listAdminReports(
  db: Db,
  query: { q?: string; band?: ScoreBand; cursor?: string; limit: number },
): Promise<AdminReportsPage> {
  const filter = adminFilter(query);
  const after = decodeCursor(query.cursor);
  const page = and(filter, olderThan(simulationReport.completedAt, simulationReport.id, after));
  const [rows, [summary]] = await Promise.all([
    db
      .select({ report: simulationReport, mailStatus: outbox.status })
      .from(simulationReport)
      .leftJoin(outbox, eq(outbox.id, simulationReport.notifyMailId))
      .where(page)
      .orderBy(desc(simulationReport.completedAt), desc(simulationReport.id))
      .limit(query.limit + 1),
    db
      .select({
        total: sql<number>`count(*)::int`,
        highPerformers: sql<number>`(count(*) filter (where ${simulationReport.totalScore} >= ${HIGH_PERFORMER_MIN}))::int`,
        averageScore: sql<number>`coalesce(round(avg(${simulationReport.totalScore}))::int, 0)`,
        uniqueUsers: sql<number>`count(distinct ${simulationReport.email})::int`,
      })
      .from(simulationReport)
      .where(filter),
  ]);
  const { items, nextCursor } = keysetPage(rows, query.limit, ({ report }) => ({ at: report.completedAt.toISOString(), id: report.id }));
  return { items: items.map(({ report, mailStatus }) => adminReportOf(report, mailStatus)), nextCursor, summary: summary! };
}

/** Pages of the filtered list for the CSV export, keyset by (completed_at, id). */
export function adminReportsAfter(db: Db, query: { q?: string; band?: ScoreBand }, after: { at: Date; id: string } | null, limit = 500) {
  const filter = adminFilter(query);
  return db
    .select()
    .from(simulationReport)
    .where(and(filter, olderThan(simulationReport.completedAt, simulationReport.id, after)))
    .orderBy(desc(simulationReport.completedAt), desc(simulationReport.id))
    .limit(limit);
}
