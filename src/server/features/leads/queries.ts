import { and, desc, eq, sql, sum } from "drizzle-orm";
import { CONVERSION_STATUSES, PIPELINE_STATUSES } from "~/shared/crm/pipeline";
import { EXACT_COUNT_LIMIT, NEW_LEAD_DAYS, type CrmAnalytics, type LeadFilter, type LeadListQuery, type LeadPage } from "~/shared/schemas/crm";
import { rowsOf, type Db } from "../../db/client";
import { lead, storedFile } from "../../db/schema";
import { decodeCursor, keysetPage, olderThan } from "../../platform/keyset";
import { todayInKolkata } from "~/shared/format-date";
import { isFiltered, leadFilterSql } from "./filters";
import { prepared } from "./prepared";
import { selectLeads, toLead } from "./record";
import { cachedSummary, type LeadSummary } from "./summary-cache";

/** Above this many estimated matches the planner's figure is used without counting at all. */
const SURELY_BROAD = 100_000;

/**
 * How many leads match and their pending total: the count exact up to EXACT_COUNT_LIMIT (counting
 * stops there, so a broad filter costs what a narrow one does), beyond that the planner's estimate.
 * When the estimate is far above the limit (the whole tab, a common stage) even the capped count is
 * skipped. Exact counts over a million rows are what made EspoCRM's list take 39 s. Two statements:
 * the EXPLAIN, then the capped count and the pending sum together.
 */
async function summarise(db: Db, where: ReturnType<typeof leadFilterSql>): Promise<LeadSummary> {
  const estimate = await plannerEstimate(db, where);
  const broad = estimate > SURELY_BROAD;
  const capped = db.select({ one: sql`1` }).from(lead).where(where).limit(EXACT_COUNT_LIMIT + 1);
  // Only leads with something pending add to the sum: the partial index lead_pending_idx holds them.
  const pending = db.select({ n: sql`coalesce(sum(${lead.pendingAmount}), 0)` }).from(lead).where(and(where, sql`${lead.pendingAmount} > 0`));
  const [row] = await db
    .select({
      counted: broad ? sql<number>`-1` : sql<number>`(select count(*)::int from ${capped.as("capped")})`,
      pending: sql<string>`(${pending})::bigint`,
    })
    .from(sql`(select 1) as one`);
  const pendingTotal = Number(row!.pending);
  const counted = Number(row!.counted);
  if (broad) return { total: estimate, totalIsEstimate: true, pendingTotal };
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, totalIsEstimate: false, pendingTotal };
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, estimate), totalIsEstimate: true, pendingTotal };
}

/** The planner's row estimate for the filter (EXPLAIN plans the query without running it). */
async function plannerEstimate(db: Db, where: ReturnType<typeof leadFilterSql>): Promise<number> {
  const query = db.select({ one: sql`1` }).from(lead).where(where).toSQL();
  const plan = await db.execute(sql.raw(`explain (format json) ${inline(query.sql, query.params)}`));
  const rows = rowsOf<Record<string, unknown>>(plan);
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

/** What the summary depends on: the filter and the tab (and today, for follow-ups due). */
const summaryKey = (query: LeadListQuery) =>
  JSON.stringify([query.view, query.q?.trim() ?? "", [...query.stage].sort(), [...query.status].sort(), query.owner ?? "", query.followUp ?? "", query.followUp ? todayInKolkata() : ""]);

/**
 * One page of leads, newest first. The first page (no cursor) also carries the view's count and
 * pending total (spec §2.4 summary cards), shared by concurrent asks (summary-cache.ts); later
 * pages are the one keyset query and nothing else.
 */
export async function listLeads(db: Db, query: LeadListQuery): Promise<LeadPage> {
  const where = leadFilterSql(query, query.view);
  const cursor = decodeCursor(query.cursor);
  const plainTab = !isFiltered(query);
  const statements = prepared(db);
  const [rows, summary] = await Promise.all([
    plainTab && cursor
      ? statements.nextPage.execute({ paid: query.view === "paid", at: cursor.at, after: cursor.id, limit: query.limit + 1 })
      : plainTab
        ? statements.firstPage.execute({ paid: query.view === "paid", limit: query.limit + 1 })
        : selectLeads(db)
            .where(and(where, olderThan(lead.createdAt, lead.id, cursor)))
            .orderBy(desc(lead.createdAt), desc(lead.id))
            .limit(query.limit + 1),
    cursor ? undefined : cachedSummary(db, summaryKey(query), () => summarise(db, where)),
  ]);
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.cursorAt, id: row.id }));
  return { leads: page.items.map(toLead), nextCursor: page.nextCursor, ...summary };
}

export async function readLead(db: Db, id: string) {
  const [row] = await prepared(db).leadById.execute({ id });
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

/** The résumé uploaded with the lead's application, or null. */
export async function readLeadResume(db: Db, id: string) {
  const [row] = await db
    .select({ data: storedFile.data, fileName: storedFile.fileName, contentType: storedFile.contentType })
    .from(lead)
    .innerJoin(storedFile, eq(storedFile.id, lead.resumeFileId))
    .where(eq(lead.id, id));
  return row ?? null;
}
