import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { LeadListQuery } from "~/shared/schemas/crm";
import type { BoardCount } from "~/shared/schemas/crm-bulk";
import { rowsOf, type Db } from "../../db/client";
import { withPlanner } from "../../db/planner";
import { lead } from "../../db/schema";
import { leadFilterSql, searchMatchSql, stageUnindexedSql } from "./filters";
import { CORE_WEIGHT, ENOUGH_HITS, PLANS, SAMPLE_WEIGHT, searchRows, searchWhere, type Plan } from "./search";
import type { LeadRow } from "./record";

/**
 * The board's free-text search (issue 23 §1) at the cost of one search, not one per column. Counted
 * column by column as the list counts a stage, "sharma" took 203 ms at 1.5 million leads (p95): each
 * column's exact count intersected the fragment's trigram matches with its stage's index (up to
 * 546,741 entries). Now
 * 1. the search sample's core, then the sample, are counted per stage (one grouped read each, the
 *    second only for the stages the core leaves short): a stage with ENOUGH_HITS is "about" that
 *    many, as in the list;
 * 2. the other stages are counted exactly, with their sale sums, in one grouped pass over the
 *    fragment's matches (`countByStage`). That pass reads every match (30,000 rows, 44 ms, for
 *    "sharma"), so the board's answer includes it only while the sample puts the board's matches
 *    under INLINE_COUNT_MAX; above, those columns come with the sample's figure, marked
 *    `countPending`, and the page asks GET /api/crm/board/counts for the exact figures once the cards
 *    are shown;
 * 3. each column's first cards are read with the plan its share of the stage suits (the stage's leads
 *    under the filter come from the tallies): walking the stage's newest-first index while matches are
 *    dense enough in it, else sorting the matches.
 * Not for a minimum score (the sample has no scores): board.ts counts those per column.
 */

/** Matches the board's answer counts itself (as the sample has them); above, the counts follow in a second request. */
const INLINE_COUNT_MAX = ENOUGH_HITS * SAMPLE_WEIGHT;
/**
 * Matches above which the counting pass leaves the stage to its index: reading every match of a
 * fragment most leads have ("gmail") costs more than reading the few stages still to be counted.
 */
const UNINDEXED_COUNT_MAX = 100_000;
/**
 * Leads walked from the newest (on the stage's index) to fill a column, at most, before its cards come
 * from the fragment's matches, sorted: walking costs the stage's leads per match, sorting the matches.
 */
const MOST_WALKED = 20_000;

interface BoardGauge {
  /** Stages the sample counts "about" (ENOUGH_HITS or more), with that figure. */
  estimated: Map<string, number>;
  /** The other stages, with their hits in the sample (matches ≈ hits × SAMPLE_WEIGHT). */
  sampled: Map<string, number>;
  /** The board's matches as the sample has them. */
  matches: number;
}

/** The search's matches per stage in the sample (`core`: in its core only), one grouped read. */
async function sampleHitsByStage(db: Db, inSample: SQL, stages: readonly string[], core: boolean): Promise<Map<string, number>> {
  const rows = rowsOf<{ stage: string; hits: string }>(
    await db.execute(sql`
      select lead_stage as stage, count(*) as hits from lead_search_sample as "lead"
      where ${core ? sql`core and ` : sql``}${inSample} and lead_stage in (${sql.join(stages.map((s) => sql`${s}`), sql`, `)})
      group by 1`),
  );
  return new Map(rows.map((row) => [row.stage, Number(row.hits)]));
}

/** Step 1 above, under the bitmap plan. */
async function gaugeBoard(db: Db, filter: SQL | undefined, q: string, stages: readonly string[]): Promise<BoardGauge> {
  const inSample = and(filter, searchMatchSql(q))!;
  return withPlanner(db, async (run) => {
    const core = await run(PLANS.bitmap, (on) => sampleHitsByStage(on, inSample, stages, true));
    const short = stages.filter((stage) => (core.get(stage) ?? 0) < ENOUGH_HITS);
    const sample = short.length ? await run(PLANS.bitmap, (on) => sampleHitsByStage(on, inSample, short, false)) : new Map<string, number>();
    const gauge: BoardGauge = { estimated: new Map(), sampled: new Map(), matches: 0 };
    for (const stage of stages) {
      const fromCore = core.get(stage) ?? 0;
      const fromSample = sample.get(stage) ?? 0;
      const about =
        fromCore >= ENOUGH_HITS ? fromCore * CORE_WEIGHT : fromSample >= ENOUGH_HITS ? fromSample * SAMPLE_WEIGHT : null;
      if (about !== null) gauge.estimated.set(stage, about);
      else gauge.sampled.set(stage, fromSample);
      gauge.matches += about ?? fromSample * SAMPLE_WEIGHT;
    }
    return gauge;
  });
}

/** Leads and the sum of their sale amounts per stage among `stages`, one grouped pass over the search's matches. */
async function countByStage(db: Db, where: SQL, stages: readonly string[], unindexed: boolean): Promise<Map<string, { leads: number; sale: number }>> {
  const inStages = unindexed ? stageUnindexedSql(stages) : inArray(lead.leadStage, stages);
  const rows = await withPlanner(db, (run) =>
    run(PLANS.bitmap, async (on) =>
      rowsOf<{ stage: string; leads: string; sale: string }>(
        await on.execute(sql`
          select ${lead.leadStage} as stage, count(*) as leads, coalesce(sum(${lead.saleAmount}), 0) as sale from ${lead}
          where ${where} and ${inStages}
          group by 1`),
      ),
    ),
  );
  return new Map(rows.map((row) => [row.stage, { leads: Number(row.leads), sale: Number(row.sale) }]));
}

/** Each column's figures: the sample's "about", the exact count and sale sum, or (not counted) the sample's figure, pending. */
function boardCounts(
  stages: readonly string[],
  gauge: BoardGauge,
  counted: Map<string, { leads: number; sale: number }> | null,
  empty: (stage: string) => boolean = () => false,
): Map<string, BoardCount> {
  return new Map(
    stages.map((stage): [string, BoardCount] => {
      const about = gauge.estimated.get(stage);
      if (about !== undefined) return [stage, { stage, total: about, totalIsEstimate: true, saleTotal: null, countPending: false }];
      if (!counted && !empty(stage)) return [stage, { stage, total: (gauge.sampled.get(stage) ?? 0) * SAMPLE_WEIGHT, totalIsEstimate: true, saleTotal: null, countPending: true }];
      const exact = counted?.get(stage) ?? { leads: 0, sale: 0 };
      return [stage, { stage, total: exact.leads, totalIsEstimate: false, saleTotal: exact.sale, countPending: false }];
    }),
  );
}

export type StageSearch = BoardCount & { rows: LeadRow[]; firstRows: LeadRow[] };

/** The board's answer for a search: each column's figures (steps 1 and 2) and first cards (step 3). */
export async function searchBoard(db: Db, query: LeadListQuery, stages: readonly string[], leadsInStage: Map<string, number>): Promise<Map<string, StageSearch>> {
  const q = query.q!.trim();
  const filter = leadFilterSql({ ...query, q: undefined, stage: [] }, query.view);
  // A stage with no leads under the rest of the filter has no matches: exactly 0, nothing to read.
  const empty = (stage: string) => !leadsInStage.get(stage);
  const searched = stages.filter((stage) => !empty(stage));
  const gauge = searched.length ? await gaugeBoard(db, filter, q, searched) : { estimated: new Map(), sampled: new Map(), matches: 0 };
  for (const stage of stages) if (empty(stage)) gauge.sampled.set(stage, 0);
  const counting = searched.filter((stage) => gauge.sampled.has(stage));
  const inline = gauge.matches <= INLINE_COUNT_MAX;
  const nothing = { rows: [], firstRows: [] };
  const [counted, pages] = await Promise.all([
    inline && counting.length ? countByStage(db, and(filter, searchWhere(q))!, counting, true) : new Map<string, { leads: number; sale: number }>(),
    Promise.all(
      stages.map((stage) => {
        if (empty(stage)) return nothing;
        const matches = gauge.estimated.get(stage) ?? (gauge.sampled.get(stage) ?? 0) * SAMPLE_WEIGHT;
        const plan: Plan = matches > 0 && ((query.limit + 1) * (leadsInStage.get(stage) ?? 0)) / matches <= MOST_WALKED ? "walk" : "bitmap";
        return withPlanner(db, (run) => searchRows(run, { ...query, stage: [stage] as LeadListQuery["stage"] }, plan, null, plan === "bitmap"));
      }),
    ),
  ]);
  const counts = boardCounts(stages, gauge, inline || counting.length === 0 ? counted : null, empty);
  return new Map(stages.map((stage, index) => [stage, { ...counts.get(stage)!, ...pages[index]! }]));
}

/** The board's figures for a search with none pending: what the page asks for after an answer with `countPending` columns. */
export async function countBoardSearch(db: Db, query: LeadListQuery, stages: readonly string[]): Promise<BoardCount[]> {
  const q = query.q!.trim();
  const filter = leadFilterSql({ ...query, q: undefined, stage: [] }, query.view);
  const gauge = await gaugeBoard(db, filter, q, stages);
  const counting = [...gauge.sampled.keys()];
  const counted = counting.length ? await countByStage(db, and(filter, searchWhere(q))!, counting, gauge.matches <= UNINDEXED_COUNT_MAX) : new Map();
  const counts = boardCounts(stages, gauge, counted);
  return stages.map((stage) => counts.get(stage)!);
}
