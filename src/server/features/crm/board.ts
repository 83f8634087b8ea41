import { sql } from "drizzle-orm";
import { LEAD_STAGES } from "~/shared/crm/pipeline";
import type { Board, BoardQuery } from "~/shared/schemas/crm-bulk";
import { rowsOf, type Db } from "../../db/client";
import { lead } from "../../db/schema";
import { tallyWhere } from "./counts";
import { leadFilterSql } from "./filters";
import { listLeads } from "./queries";

/**
 * The board (issue 23 §1): one column per stage, each with its count, the sum of its sale amounts and
 * its first cards, newest first. A column's cards are the list's first page with the column's stage
 * added to the filter (queries.ts): one walk of the (stage, created_at, id) index, and "Load more" is
 * that list's next keyset page, so board and list page alike. Counts and sums of the filter bar's
 * tab, stage, status, owner and follow-up filters come from the tallies (migration 0020 adds the sale
 * sum), one small grouped read however many leads there are; a free-text search is counted by the
 * list's search (exact up to EXACT_COUNT_LIMIT, "about" above), its sums only when exact.
 */
export async function readBoard(db: Db, query: BoardQuery): Promise<Board> {
  const stages = query.stage.length ? LEAD_STAGES.filter((stage) => query.stage.includes(stage)) : [...LEAD_STAGES];
  // The tallies know nothing of free text or scores: such a board is summed over its leads.
  const untallied = !!query.q?.trim() || !!query.scoreMin;
  const [pages, sums] = await Promise.all([
    Promise.all(stages.map((stage) => listLeads(db, { ...query, stage: [stage], cursor: undefined, sort: "newest" }))),
    untallied ? undefined : talliedSaleByStage(db, query),
  ]);
  const searchSums = untallied && pages.every((page) => !page.totalIsEstimate) ? await searchedSaleByStage(db, query) : undefined;
  return {
    columns: stages.map((stage, index) => {
      const page = pages[index]!;
      const estimate = !!page.totalIsEstimate;
      return {
        stage,
        total: page.total ?? 0,
        totalIsEstimate: estimate,
        saleTotal: estimate ? null : ((sums ?? searchSums)?.get(stage) ?? 0),
        leads: page.leads,
        nextCursor: page.nextCursor,
      };
    }),
  };
}

/** Sum of sale amounts per stage under the filter, from the tallies. */
async function talliedSaleByStage(db: Db, query: BoardQuery): Promise<Map<string, number>> {
  const { table, where } = tallyWhere(query, query.view);
  const rows = await db
    .select({ stage: table.leadStage, sale: sql<string>`coalesce(sum(${table.sale}), 0)` })
    .from(table)
    .where(where)
    .groupBy(table.leadStage);
  return new Map(rows.map((row) => [row.stage, Number(row.sale)]));
}

/** The same for a search whose every column was counted exactly (at most EXACT_COUNT_LIMIT leads each). */
async function searchedSaleByStage(db: Db, query: BoardQuery): Promise<Map<string, number>> {
  const rows = rowsOf<{ stage: string; sale: string }>(
    await db.execute(sql`select ${lead.leadStage} as stage, coalesce(sum(${lead.saleAmount}), 0)::text as sale from ${lead} where ${leadFilterSql(query, query.view)} group by 1`),
  );
  return new Map(rows.map((row) => [row.stage, Number(row.sale)]));
}
