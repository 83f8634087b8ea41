import { desc, sql } from "drizzle-orm";
import { LEAD_STAGES } from "~/shared/crm/pipeline";
import type { Board, BoardColumn, BoardCount, BoardQuery } from "~/shared/schemas/crm-bulk";
import { rowsOf, type Db } from "../../db/client";
import { lead } from "../../db/schema";
import { keysetPage } from "../../platform/keyset";
import { tallyWhere } from "./counts";
import { leadFilterSql } from "./filters";
import { listLeads } from "./queries";
import { countBoardSearch, searchBoard } from "./board-search";
import { selectLeads, toLead } from "./record";

/**
 * The board (issue 23 §1): one column per stage, each with its count, the sum of its sale amounts and
 * its first cards, newest first. A column's cards are the list's first page with the column's stage
 * added to the filter: one walk of the (stage, tab, created_at, id) index (migration 0026), and "Load
 * more" is the list's next keyset page of that filter, so board and list page alike; a column with no
 * leads under the filter is not read at all. Counts and sums of the filter bar's
 * tab, stage, status, owner and follow-up filters come from the tallies (migration 0020 adds the sale
 * sum), one small grouped read however many leads there are; a free-text search is counted per
 * column as the list counts a stage (board-search.ts), its sums only when exact.
 */
export async function readBoard(db: Db, query: BoardQuery): Promise<Board> {
  const stages = stagesShown(query);
  // The tallies know nothing of free text or scores: such a board is summed over its leads.
  if (query.q?.trim() || query.scoreMin) return searchedBoard(db, query, stages);
  // Counts first (one small grouped read), so each column's cards are read the way its count suits.
  const tallied = await talliedByStage(db, query);
  const columns = await Promise.all(
    stages.map(async (stage) => {
      const { leads: total, sale, statuses } = tallied.get(stage) ?? { leads: 0, sale: 0, statuses: [] };
      const page =
        total === 0
          ? { leads: [], nextCursor: null }
          : byStatus(query, statuses)
            ? await columnPageByStatus(db, { ...query, stage: [stage] }, statuses)
            : await columnPage(db, { ...query, stage: [stage] }, total <= FEW_LEADS && narrowsStage(query));
      return { stage, total, totalIsEstimate: false, saleTotal: sale, countPending: false, ...page };
    }),
  );
  return { columns };
}

const stagesShown = (query: BoardQuery) => (query.stage.length ? LEAD_STAGES.filter((stage) => query.stage.includes(stage)) : [...LEAD_STAGES]);

/** Each column's figures with none pending: the second request of a search board whose answer left some counts to it. */
export async function readBoardCounts(db: Db, query: BoardQuery): Promise<BoardCount[]> {
  const stages = stagesShown(query);
  if (query.scoreMin) return (await scoredBoard(db, query, stages)).columns.map(({ leads: _leads, nextCursor: _next, ...count }) => count);
  if (query.q?.trim()) return countBoardSearch(db, { ...query, cursor: undefined, sort: "newest" }, stages);
  const tallied = await talliedByStage(db, query);
  return stages.map((stage) => {
    const { leads, sale } = tallied.get(stage) ?? { leads: 0, sale: 0 };
    return { stage, total: leads, totalIsEstimate: false, saleTotal: sale, countPending: false };
  });
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

/** Statuses a column is read by, one index walk each, at most: more would cost more than they save. */
const MOST_STATUS_WALKS = 12;
/**
 * Under one owner (or unassigned) a column's cards are read status by status: each status the tallies
 * have for that stage and owner is one walk of the (owner, status, created_at) index, and the newest of
 * them are merged. Walking the stage's index instead visits every newer lead of other owners first: at
 * a million leads, after a bulk change gave the newest 1,00,000 to one person, another owner's columns
 * walked tens of thousands of leads each (p95 63 ms), and reading all of the owner's leads in the stage
 * to sort them is worse. A follow-up filter keeps its own index (the tallies' statuses are not its).
 */
const byStatus = (query: BoardQuery, statuses: string[]) => !!query.owner && !query.followUp && statuses.length > 0 && statuses.length <= MOST_STATUS_WALKS;

async function columnPageByStatus(db: Db, query: BoardQuery, statuses: string[]): Promise<Pick<BoardColumn, "leads" | "nextCursor">> {
  const take = query.limit + 1;
  const walks = statuses.map(
    (status) =>
      sql`(select ${lead.id} as id, ${lead.createdAt} as created_at from ${lead} where ${leadFilterSql({ ...query, status: [status] }, query.view)}
        order by ${lead.createdAt} desc, ${lead.id} desc limit ${take})`,
  );
  const newest = sql`select id from (${sql.join(walks, sql` union all `)}) w order by created_at desc, id desc limit ${take}`;
  const rows = await selectLeads(db).where(sql`${lead.id} in (${newest})`).orderBy(desc(lead.createdAt), desc(lead.id));
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.cursorAt, id: row.id }));
  return { leads: page.items.map(toLead), nextCursor: page.nextCursor };
}

/** A search board: each column counted as the list counts its stage, for the cost of one search (board-search.ts). */
async function searchedBoard(db: Db, query: BoardQuery, stages: BoardQuery["stage"]): Promise<Board> {
  if (query.scoreMin) return scoredBoard(db, query, stages);
  const tallied = await talliedByStage(db, { ...query, q: undefined });
  const leadsInStage = new Map([...tallied].map(([stage, { leads }]) => [stage, leads]));
  const found = await searchBoard(db, { ...query, cursor: undefined, sort: "newest" }, stages, leadsInStage);
  return {
    columns: stages.map((stage) => {
      const { rows, firstRows, ...count } = found.get(stage)!;
      const page = keysetPage(rows, query.limit, (row) => ({ at: row.cursorAt, id: row.id }));
      return { ...count, leads: [...firstRows, ...page.items].map(toLead), nextCursor: page.nextCursor };
    }),
  };
}

/** A minimum-score board: each column is the list's page, counted as the list counts it (the sample has no scores). */
async function scoredBoard(db: Db, query: BoardQuery, stages: BoardQuery["stage"]): Promise<Board> {
  const pages = await Promise.all(stages.map((stage) => listLeads(db, { ...query, stage: [stage], cursor: undefined, sort: "newest" })));
  const sums = pages.every((page) => !page.totalIsEstimate) ? await searchedSaleByStage(db, query) : undefined;
  return {
    columns: stages.map((stage, index) => {
      const page = pages[index]!;
      const estimate = !!page.totalIsEstimate;
      return {
        stage,
        total: page.total ?? 0,
        totalIsEstimate: estimate,
        saleTotal: estimate ? null : (sums?.get(stage) ?? 0),
        countPending: false,
        leads: page.leads,
        nextCursor: page.nextCursor,
      };
    }),
  };
}

/** Leads and the sum of their sale amounts per stage under the filter, and the statuses they hold, from the tallies. */
async function talliedByStage(db: Db, query: BoardQuery): Promise<Map<string, { leads: number; sale: number; statuses: string[] }>> {
  const { table, where } = tallyWhere(query, query.view);
  const rows = await db
    .select({ stage: table.leadStage, status: table.leadStatus, leads: sql<string>`coalesce(sum(${table.leads}), 0)`, sale: sql<string>`coalesce(sum(${table.sale}), 0)` })
    .from(table)
    .where(where)
    .groupBy(table.leadStage, table.leadStatus);
  const stages = new Map<string, { leads: number; sale: number; statuses: string[] }>();
  for (const row of rows) {
    const stage = stages.get(row.stage) ?? { leads: 0, sale: 0, statuses: [] };
    stage.leads += Number(row.leads);
    stage.sale += Number(row.sale);
    if (Number(row.leads) > 0) stage.statuses.push(row.status);
    stages.set(row.stage, stage);
  }
  return stages;
}

/** The same for a minimum-score board whose every column was counted exactly (at most EXACT_COUNT_LIMIT leads each). */
async function searchedSaleByStage(db: Db, query: BoardQuery): Promise<Map<string, number>> {
  const rows = rowsOf<{ stage: string; sale: string }>(
    await db.execute(sql`select ${lead.leadStage} as stage, coalesce(sum(${lead.saleAmount}), 0)::text as sale from ${lead} where ${leadFilterSql(query, query.view)} group by 1`),
  );
  return new Map(rows.map((row) => [row.stage, Number(row.sale)]));
}
