import { and, desc, sql } from "drizzle-orm";
import type { LeadFilter, LeadListQuery, LeadPage } from "~/shared/schemas/crm";
import type { CrmView } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { lead } from "../../db/schema";
import { belowKey, decodeNumberCursor, encodeNumberCursor } from "../../platform/keyset";
import { exactMatchSql, leadFilterSql, searchMatchSql } from "./filters";
import { selectLeads, toLead } from "./record";
import type { LeadSummary } from "./summary-cache";

/**
 * Highest score first (issue 23 §3): one keyset query on lead_view_score_idx (is_paid, score_key, id),
 * whose order is today's score order (lead-score.ts). Filters and free text are conditions on the walk;
 * the summary is the list's usual one (listLeads).
 */
export async function scorePage(db: Db, query: LeadListQuery): Promise<Pick<LeadPage, "leads" | "nextCursor">> {
  const cursor = decodeNumberCursor(query.cursor);
  const q = query.q?.trim();
  const exact = q ? exactMatchSql(q) : undefined;
  const where = and(leadFilterSql({ ...query, q: undefined }, query.view), q ? (exact ? sql`(${searchMatchSql(q)} or ${exact})` : searchMatchSql(q)) : undefined);
  const rows = await selectLeads(db)
    .where(and(where, belowKey(lead.scoreKey, lead.id, cursor)))
    .orderBy(desc(lead.scoreKey), desc(lead.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  return { leads: items.map(toLead), nextCursor: rows.length > query.limit && last ? encodeNumberCursor({ key: last.scoreKey, id: last.id }) : null };
}

/**
 * The count and pending total of a filter with a minimum score: the tallies know nothing of scores,
 * so the matching leads are counted (a range of lead_view_score_idx, then the other conditions).
 */
export async function scoredSummary(db: Db, filter: LeadFilter, view?: CrmView): Promise<LeadSummary> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, pending: sql<string>`coalesce(sum(greatest(${lead.pendingAmount}, 0)), 0)` })
    .from(lead)
    .where(leadFilterSql({ ...filter, q: undefined }, view));
  return { total: row!.n, totalIsEstimate: false, pendingTotal: Number(row!.pending) };
}
