import { and, desc, eq, sql, sum } from "drizzle-orm";
import { CONVERSION_STATUSES, PIPELINE_STATUSES } from "~/shared/crm/pipeline";
import { EXACT_COUNT_LIMIT, NEW_LEAD_DAYS, type CrmAnalytics, type LeadFilter, type LeadListQuery, type LeadPage } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { lead, storedFile } from "../../db/schema";
import { decodeCursor, keysetPage } from "../../platform/keyset";
import { leadFilterSql } from "./filters";
import { selectLeads, toLead } from "./record";

const keysetAfter = (cursor: { at: string; id: string }) =>
  sql`(${lead.createdAt}, ${lead.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;

/** Above this many estimated matches the planner's figure is used without counting at all. */
const SURELY_BROAD = 100_000;

/**
 * How many leads match: exact up to EXACT_COUNT_LIMIT (counting stops there, so a broad filter
 * costs what a narrow one does), beyond that the planner's estimate. When the estimate is far above
 * the limit (the whole tab, a common stage) even the capped count is skipped. Exact counts over a
 * million rows are what made EspoCRM's list take 39 s.
 */
async function countLeads(db: Db, where: ReturnType<typeof leadFilterSql>): Promise<{ total: number; estimate: boolean }> {
  const estimate = await plannerEstimate(db, where);
  if (estimate > SURELY_BROAD) return { total: estimate, estimate: true };
  const capped = db.select({ one: sql`1` }).from(lead).where(where).limit(EXACT_COUNT_LIMIT + 1);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped.as("capped"));
  if (row!.n <= EXACT_COUNT_LIMIT) return { total: row!.n, estimate: false };
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, estimate), estimate: true };
}

/** The planner's row estimate for the filter (EXPLAIN plans the query without running it). */
async function plannerEstimate(db: Db, where: ReturnType<typeof leadFilterSql>): Promise<number> {
  const query = db.select({ one: sql`1` }).from(lead).where(where).toSQL();
  const plan = await db.execute(sql.raw(`explain (format json) ${inline(query.sql, query.params)}`));
  const rows = (plan as unknown as { rows: Record<string, unknown>[] }).rows ?? (plan as unknown as Record<string, unknown>[]);
  const json = Object.values(rows[0]!)[0];
  const parsed = (typeof json === "string" ? JSON.parse(json) : json) as [{ Plan: { "Plan Rows": number } }];
  return Math.round(parsed[0].Plan["Plan Rows"]);
}

/** EXPLAIN takes no bind parameters: the filter's values are inlined as quoted literals. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return "null";
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** One page of leads, newest first, with the view's count and pending total (spec §2.4 summary cards). */
export async function listLeads(db: Db, query: LeadListQuery): Promise<LeadPage> {
  const where = leadFilterSql(query, query.view);
  const cursor = decodeCursor(query.cursor);
  const [rows, count, [pending]] = await Promise.all([
    selectLeads(db)
      .where(and(where, cursor ? keysetAfter(cursor) : undefined))
      .orderBy(desc(lead.createdAt), desc(lead.id))
      .limit(query.limit + 1),
    countLeads(db, where),
    // Only leads with something pending add to the sum: the partial index lead_pending_idx holds them.
    db.select({ n: sql<number>`coalesce(sum(${lead.pendingAmount}), 0)::bigint` }).from(lead).where(and(where, sql`${lead.pendingAmount} > 0`)),
  ]);
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.cursorAt, id: row.id }));
  return {
    leads: page.items.map(toLead),
    nextCursor: page.nextCursor,
    total: count.total,
    totalIsEstimate: count.estimate,
    pendingTotal: Number(pending!.n),
  };
}

export async function readLead(db: Db, id: string) {
  const [row] = await selectLeads(db).where(eq(lead.id, id));
  return row ? toLead(row) : null;
}

/** The spec's §9 figures over the filtered leads (both tabs: conversion needs won and open ones). */
export async function crmAnalytics(db: Db, filter: LeadFilter): Promise<CrmAnalytics> {
  const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      newLeads: sql<number>`count(*) filter (where ${lead.createdAt} > now() - make_interval(days => ${NEW_LEAD_DAYS}))::int`,
      activePipeline: sql<number>`count(*) filter (where ${lead.leadStatus} in (${inList(PIPELINE_STATUSES)}))::int`,
      converted: sql<number>`count(*) filter (where ${lead.leadStatus} in (${inList(CONVERSION_STATUSES)}))::int`,
      totalRevenue: sql<string>`coalesce(${sum(lead.saleAmount)} filter (where ${lead.isPaid}), 0)`,
      cashCollected: sql<string>`coalesce(${sum(lead.collectedAmount)} filter (where ${lead.isPaid}), 0)`,
      collectionPending: sql<string>`coalesce(${sum(lead.pendingAmount)} filter (where ${lead.isPaid}), 0)`,
    })
    .from(lead)
    .where(leadFilterSql(filter));
  const r = row!;
  return {
    newLeads: r.newLeads,
    activePipeline: r.activePipeline,
    conversionRate: r.all ? Math.round((100 * r.converted) / r.all) : 0,
    totalRevenue: Number(r.totalRevenue),
    cashCollected: Number(r.cashCollected),
    collectionPending: Number(r.collectionPending),
  };
}

/** The next `size` leads after `cursor`, newest first: keyset pages for the CSV export. */
export async function leadExportPage(db: Db, filter: LeadFilter, view: LeadListQuery["view"] | undefined, cursor: { at: string; id: string } | null, size = 2000) {
  return selectLeads(db)
    .where(and(leadFilterSql(filter, view), cursor ? keysetAfter(cursor) : undefined))
    .orderBy(desc(lead.createdAt), desc(lead.id))
    .limit(size);
}

/** The résumé uploaded with the lead's application, or null. */
export async function readLeadResume(db: Db, id: string) {
  const [row] = await db
    .select({ data: storedFile.data, fileName: storedFile.fileName, contentType: storedFile.contentType })
    .from(lead)
    .innerJoin(storedFile, eq(storedFile.id, lead.resumeFileId))
    .where(eq(lead.id, id));
  return row ?? null;
}
