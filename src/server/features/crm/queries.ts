import { and, desc, eq, sql, sum } from "drizzle-orm";
import { CONVERSION_STATUSES, PIPELINE_STATUSES } from "~/shared/crm/pipeline";
import { NEW_LEAD_DAYS, type CrmAnalytics, type LeadFilter, type LeadListQuery, type LeadPage } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { lead, storedFile } from "../../db/schema";
import { decodeCursor, keysetPage, olderThan } from "../../platform/keyset";
import { todayInKolkata } from "~/shared/format-date";
import { talliedSummary } from "./counts";
import { isFiltered, leadFilterSql } from "./filters";
import { prepared } from "./prepared";
import { selectLeads, toLead, type LeadRow } from "./record";
import { searchPage } from "./search";
import { scorePage } from "./score-list";
import { cachedSummary } from "./summary-cache";

/** What the summary depends on: the filter and the tab (and today, for follow-ups due). */
const summaryKey = (query: LeadListQuery) =>
  JSON.stringify([query.view, query.q?.trim() ?? "", [...query.stage].sort(), [...query.status].sort(), query.owner ?? "", query.followUp ?? "", query.followUp ? todayInKolkata() : "", query.scoreMin ?? ""]);

/**
 * One page of leads, newest first. The first page (no cursor) also carries the view's count and
 * pending total (spec §2.4 summary cards), shared by concurrent asks (summary-cache.ts); later
 * pages are the one keyset query and nothing else.
 */
export async function listLeads(db: Db, query: LeadListQuery): Promise<LeadPage> {
  if (query.sort === "score") {
    // Highest score first (score-list.ts), with the same summary as newest first.
    const summary = query.cursor
      ? undefined
      : query.q?.trim()
        ? searchPage(db, { ...query, limit: 1 }, null).then((found) => found.summary)
        : cachedSummary(db, summaryKey(query), () => talliedSummary(db, query, query.view));
    const [page, counted] = await Promise.all([scorePage(db, query), summary]);
    return { ...page, ...counted };
  }
  const cursor = decodeCursor(query.cursor);
  const cursorOf = (row: LeadRow) => ({ at: row.cursorAt, id: row.id });
  if (query.q?.trim()) {
    // Free text: gauged first, then listed with the plan that suits it (search.ts).
    const found = await searchPage(db, query, cursor);
    const page = keysetPage(found.rows, query.limit, cursorOf);
    return { leads: [...found.firstRows, ...page.items].map(toLead), nextCursor: page.nextCursor, ...found.summary };
  }
  const where = leadFilterSql(query, query.view);
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
    // Tab, stage, status, owner and follow-ups due: exact, from the tallies (counts.ts).
    cursor ? undefined : cachedSummary(db, summaryKey(query), () => talliedSummary(db, query, query.view)),
  ]);
  const page = keysetPage(rows, query.limit, cursorOf);
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
