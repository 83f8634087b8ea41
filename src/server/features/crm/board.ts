import { desc, sql } from "drizzle-orm";
import { LEAD_STAGES } from "~/shared/crm/pipeline";
import type { Board, BoardColumn, BoardQuery } from "~/shared/schemas/crm-bulk";
import { rowsOf, type Db } from "../../db/client";
import { lead } from "../../db/schema";
import { keysetPage } from "../../platform/keyset";
import { tallyWhere } from "./counts";
import { leadFilterSql } from "./filters";
import { listLeads } from "./queries";
import { selectLeads, toLead } from "./record";

/**
 * The board (issue 23 §1): one column per stage, each with its count, the sum of its sale amounts and
 * its first cards, newest first. A column's cards are the list's first page with the column's stage
 * added to the filter: one walk of the (stage, tab, created_at, id) index (migration 0026), and "Load
 * more" is the list's next keyset page of that filter, so board and list page alike; a column with no
 * leads under the filter is not read at all. Counts and sums of the filter bar's
 * tab, stage, status, owner and follow-up filters come from the tallies (migration 0020 adds the sale
 * sum), one small grouped read however many leads there are; a free-text search is counted by the
 * list's search (exact up to EXACT_COUNT_LIMIT, "about" above), its sums only when exact.
 */
export async function readBoard(db: Db, query: BoardQuery): Promise<Board> {
  const stages = query.stage.length ? LEAD_STAGES.filter((stage) => query.stage.includes(stage)) : [...LEAD_STAGES];
  // The tallies know nothing of free text or scores: such a board is summed over its leads.
  if (query.q?.trim() || query.scoreMin) return searchedBoard(db, query, stages);
  // Counts first (one small grouped read), so each column's cards are read the way its count suits.
  const tallied = await talliedByStage(db, query);
  const columns = await Promise.all(
    stages.map(async (stage) => {
      const { leads: total, sale } = tallied.get(stage) ?? { leads: 0, sale: 0 };
      const page = total === 0 ? { leads: [], nextCursor: null } : await columnPage(db, { ...query, stage: [stage] }, total <= FEW_LEADS && narrowsStage(query));
      return { stage, total, totalIsEstimate: false, saleTotal: sale, ...page };
    }),
  );
  return { columns };
}

/**
 * A column with at most this many leads under a filter that narrows its stage (an owner, statuses,
 * follow-ups due) is read through the filter's own index and sorted, not by walking the stage newest
 * first: the planner, which takes the stage and the filter as independent, would otherwise walk a
 * stage of 2,66,000 leads to find twenty unassigned ones (issue 23 §1, 600 ms at a million leads).
 */
const FEW_LEADS = 5_000;
const narrowsStage = (query: BoardQuery) => !!(query.owner || query.status.length || query.followUp);

/** The column's first cards, newest first, and the cursor of the list's next page for "Load more". */
async function columnPage(db: Db, query: BoardQuery, few: boolean): Promise<Pick<BoardColumn, "leads" | "nextCursor">> {
  // `+ interval '0'` keeps the order but hides it from the (stage, tab, created_at) index.
  const newest = few ? [desc(sql`${lead.createdAt} + interval '0 s'`), desc(lead.id)] : [desc(lead.createdAt), desc(lead.id)];
  const rows = await selectLeads(db)
    .where(leadFilterSql(query, query.view))
    .orderBy(...newest)
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.cursorAt, id: row.id }));
  return { leads: page.items.map(toLead), nextCursor: page.nextCursor };
}

/** A search or minimum-score board: each column is the list's search, counted as the list counts it. */
async function searchedBoard(db: Db, query: BoardQuery, stages: BoardQuery["stage"]): Promise<Board> {
  const pages = await Promise.all(stages.map((stage) => listLeads(db, { ...query, stage: [stage], cursor: undefined, sort: "newest" })));
  const sums = pages.every((page) => !page.totalIsEstimate) ? await searchedSaleByStage(db, query) : undefined;
  return {
    columns: stages.map((stage, index) => {
      const page = pages[index]!;
      const estimate = !!page.totalIsEstimate;
      return { stage, total: page.total ?? 0, totalIsEstimate: estimate, saleTotal: estimate ? null : (sums?.get(stage) ?? 0), leads: page.leads, nextCursor: page.nextCursor };
    }),
  };
}

/** Leads and the sum of their sale amounts per stage under the filter, from the tallies. */
async function talliedByStage(db: Db, query: BoardQuery): Promise<Map<string, { leads: number; sale: number }>> {
  const { table, where } = tallyWhere(query, query.view);
  const rows = await db
    .select({ stage: table.leadStage, leads: sql<string>`coalesce(sum(${table.leads}), 0)`, sale: sql<string>`coalesce(sum(${table.sale}), 0)` })
    .from(table)
    .where(where)
    .groupBy(table.leadStage);
  return new Map(rows.map((row) => [row.stage, { leads: Number(row.leads), sale: Number(row.sale) }]));
}

/** The same for a search whose every column was counted exactly (at most EXACT_COUNT_LIMIT leads each). */
async function searchedSaleByStage(db: Db, query: BoardQuery): Promise<Map<string, number>> {
  const rows = rowsOf<{ stage: string; sale: string }>(
    await db.execute(sql`select ${lead.leadStage} as stage, coalesce(sum(${lead.saleAmount}), 0)::text as sale from ${lead} where ${leadFilterSql(query, query.view)} group by 1`),
  );
  return new Map(rows.map((row) => [row.stage, Number(row.sale)]));
}
