import { and, desc, or, sql, type SQL } from "drizzle-orm";
import { EXACT_COUNT_LIMIT, type LeadListQuery } from "~/shared/schemas/crm";
import { rowsOf, type Db } from "../../db/client";
import { withPlanner, type Planned, type PlannerSettings } from "../../db/planner";
import { lead } from "../../db/schema";
import { olderThan, type KeysetCursor } from "../../platform/keyset";
import { exactMatchSql, leadFilterSql, searchMatchSql, stageUnindexedSql } from "./filters";
import { selectLeads, type LeadRow } from "./record";
import type { LeadSummary } from "./summary-cache";

/**
 * Free-text search at 1.5 million leads (issue 21 items 2, 3 and 4). The planner cannot know how many
 * leads a fragment matches (its statistics are a sample, stale after an import), and its two plans
 * are each terrible for the other case: walking the newest-first index for a rare fragment visits
 * every lead (1 s for "zzqqxx"), collecting a common fragment's trigram matches and sorting them
 * fetches tens of thousands of rows ("riya"). So the search gauges the fragment first, on the search
 * sample (a fixed sixteenth of the leads kept by triggers, migration 0019), and then tells the
 * planner which plan to use (planner settings per statement, db/planner.ts):
 * 1. its matches in the sample's core (one lead in 256): at ENOUGH_HITS or more the fragment is
 *    common ("outlook"), counted "about" from the core;
 * 2. otherwise its matches in the whole sample: at ENOUGH_HITS or more, counted "about" from the
 *    sample ("riya", "sharma");
 * 3. otherwise counted through the leads' trigram bitmaps (a rare name, a mobile, an e-mail, no match
 *    at all): exactly up to EXACT_COUNT_LIMIT, "about" the count above it (COUNT_CAP).
 * Up to SORT_LIMIT matches the rows come from the bitmaps, sorted; beyond, by walking the newest-first
 * index (a page is found within a few thousand leads).
 */
/** One lead in SAMPLE_WEIGHT is in the sample, one in CORE_WEIGHT in its core (migration 0019). */
export const SAMPLE_WEIGHT = 16;
export const CORE_WEIGHT = 256;
/**
 * Sample hits enough for an estimate: one standard error is about 1/√hits, 3.2% at 1,000, so the
 * "about" is within ±10% (3σ) but for one search in several hundred, and closer the more hits.
 * A thousand hits in the sample is 16,000 matches: above EXACT_COUNT_LIMIT, so up to the limit the
 * count is exact.
 */
export const ENOUGH_HITS = 1_000;
/**
 * Below ENOUGH_HITS the sample is too thin to be within ±10% (632 hits for 10,120 matches: one
 * standard error is 4%, and a CI run saw +10.5%), so a search the sample puts there is counted on
 * the leads up to the matches ENOUGH_HITS stands for. Above EXACT_COUNT_LIMIT the figure is still
 * "about" (the list's contract), but it is the count itself, and past this cap it is at least the cap.
 */
const COUNT_CAP = ENOUGH_HITS * SAMPLE_WEIGHT;
/** Up to this many matches the rows come from the bitmaps, sorted; beyond, by walking the index. */
const SORT_LIMIT = 3_000;
/** Leads named outright (whole e-mail or mobile) shown first; there is normally one. */
const EXACT_FIRST_MAX = 10;

export type Plan = "bitmap" | "walk";

/**
 * The planner settings of each plan: "bitmap" uses only bitmap scans (the trigram indexes), "walk" only
 * ordered index scans. A walk stops at its page's last row, but the planner costs the whole index
 * behind the LIMIT, so a walk got two parallel workers (a parallel scan of the tab's index costed a
 * little under the serial walk of the stage's own) and JIT compilation (cost over `jit_above_cost`).
 * At 1.5 million leads a board column of "sharma" took 31–90 ms that way (four columns at once, on
 * two cores) against 2.5–4.5 ms serial and uncompiled (EXPLAIN ANALYZE). Neither pays for itself
 * on a search's page of rows, so neither plan uses them.
 */
const SERIAL = { max_parallel_workers_per_gather: "0", jit: "off" };
/** Each plan's planner settings, for the statements of a withPlanner run (db/planner.ts). */
export const PLANS: Record<Plan, PlannerSettings> = {
  bitmap: { enable_seqscan: "off", enable_indexscan: "off", enable_indexonlyscan: "off", enable_bitmapscan: "on", ...SERIAL },
  walk: { enable_seqscan: "off", enable_indexscan: "on", enable_indexonlyscan: "on", enable_bitmapscan: "off", ...SERIAL },
};

interface Gauge {
  plan: Plan;
  summary: LeadSummary;
}

/** A count and pending total as one value, so that each step below is one scalar subquery. */
const tally = sql.raw(`array[count(*), coalesce(sum(greatest(pending_amount, 0)), 0)]::bigint[]`);

/**
 * How many leads match and how to list them (the steps above), in one statement of bitmap scans:
 * each step is a scalar subquery that PostgreSQL runs only when the CASE before it asks for it (an
 * InitPlan is evaluated on first use), so a common fragment is never counted exactly and a rare one
 * costs three small lookups, in one round trip. `offset 0` keeps each step a subquery of its own:
 * pulled up into the outer query, each mention of `core` and `sampled` became an InitPlan of its own
 * and the same count ran three times (62 ms for "outlook" at 1.5 million leads, against 21). `inSample` runs on the sample's columns, which have
 * the lead's names.
 */
async function gauge(run: Planned, inSample: SQL, where: SQL | undefined): Promise<Gauge> {
  const [row] = rowsOf<{ core: string[]; sampled: string[] | null; counted: string[] | null }>(
    await run(PLANS.bitmap, (db) => db.execute(sql`
      select core, sampled, case when sampled[1] < ${ENOUGH_HITS} then
          (select ${tally} from (select pending_amount from lead where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) capped) end as counted
      from (
        select core, case when core[1] < ${ENOUGH_HITS} then (select ${tally} from lead_search_sample as "lead" where ${inSample}) end as sampled
        from (select (select ${tally} from lead_search_sample as "lead" where core and ${inSample}) as core offset 0) c
        offset 0
      ) s`)),
  );
  const [core, sampled, counted] = [row!.core, row!.sampled, row!.counted].map((v) => v && { hits: Number(v[0]), pending: Number(v[1]) });
  if (!sampled) return { plan: "walk", summary: estimate(core!, CORE_WEIGHT) };
  if (!counted) return { plan: "walk", summary: estimate(sampled, SAMPLE_WEIGHT) };
  // More than the cap: the sample's figure, but never below what was counted.
  if (counted.hits > COUNT_CAP) {
    const about = estimate(sampled, SAMPLE_WEIGHT);
    return { plan: "walk", summary: { ...about, total: Math.max(about.total, counted.hits) } };
  }
  if (counted.hits > EXACT_COUNT_LIMIT) return { plan: "walk", summary: { total: counted.hits, totalIsEstimate: true, pendingTotal: counted.pending } };
  return { plan: counted.hits <= SORT_LIMIT ? "bitmap" : "walk", summary: { total: counted.hits, totalIsEstimate: false, pendingTotal: counted.pending } };
}

/** The search counted on the leads up to EXACT_COUNT_LIMIT; above it, "about" that many at least. */
async function countCapped(run: Planned, where: SQL | undefined): Promise<Gauge> {
  const [row] = rowsOf<{ counted: string[] }>(
    await run(PLANS.bitmap, (db) => db.execute(sql`select (select ${tally} from (select pending_amount from lead where ${where ?? sql`true`} limit ${EXACT_COUNT_LIMIT + 1}) capped) as counted`)),
  );
  const [hits, pending] = row!.counted.map(Number) as [number, number];
  return { plan: hits <= SORT_LIMIT ? "bitmap" : "walk", summary: { total: hits, totalIsEstimate: hits > EXACT_COUNT_LIMIT, pendingTotal: pending } };
}

const estimate = (sample: { hits: number; pending: number }, weight: number): LeadSummary => ({
  total: sample.hits * weight,
  totalIsEstimate: true,
  pendingTotal: sample.pending * weight,
});

/**
 * The rows of a search's page under `plan`, with the leads the entry names outright first (first page
 * only); `stageUnindexed`: the stage filter checked on each match (filters.ts `stageUnindexedSql`).
 */
export async function searchRows(run: Planned, query: LeadListQuery, plan: Plan, cursor: KeysetCursor | null, stageUnindexed = false): Promise<{ rows: LeadRow[]; firstRows: LeadRow[] }> {
  const q = query.q!.trim();
  const filter = stageUnindexed ? and(leadFilterSql({ ...query, q: undefined, stage: [] }, query.view), stageUnindexedSql(query.stage)) : leadFilterSql({ ...query, q: undefined }, query.view);
  const exact = exactMatchSql(q);
  // Bitmap lookups for the named leads: the planner guesses thousands of leads for an expression
  // index without statistics, and would walk the newest-first index to find them (6 s at 1.5M leads).
  const firstRows = exact && !cursor ? await run(PLANS.bitmap, (db) => selectLeads(db).where(and(filter, exact)).orderBy(desc(lead.createdAt), desc(lead.id)).limit(EXACT_FIRST_MAX)) : [];
  const rows = await run(PLANS[plan], (db) =>
    selectLeads(db)
      .where(and(filter, searchWhere(q), exact ? sql`(${exact}) is not true` : undefined, olderThan(lead.createdAt, lead.id, cursor)))
      .orderBy(desc(lead.createdAt), desc(lead.id))
      .limit(query.limit + 1),
  );
  return { rows, firstRows };
}

/** What a search matches: the fragment anywhere, or the lead the entry names outright. */
export function searchWhere(q: string): SQL {
  const exact = exactMatchSql(q);
  return exact ? or(searchMatchSql(q), exact)! : searchMatchSql(q);
}

/**
 * One page of a search, newest first, with the leads the entry names outright first (on the first
 * page), and the summary on the first page. Later pages gauge again to pick the plan. The gauge, the
 * named leads and the page, each under its plan's settings (db/planner.ts: one transaction on
 * PostgreSQL, none on the embedded database).
 */
export async function searchPage(db: Db, query: LeadListQuery, cursor: KeysetCursor | null): Promise<{ rows: LeadRow[]; summary?: LeadSummary; firstRows: LeadRow[] }> {
  const q = query.q!.trim();
  const filter = leadFilterSql({ ...query, q: undefined }, query.view);
  const where = and(filter, searchWhere(q));
  return withPlanner(db, async (run) => {
    // The sample is gauged on the search alone: the named lead is one among many, and its btree
    // lookups have no index on the sample.
    // The sample has no scores: under a minimum score the search is counted on the leads (capped).
    const { plan, summary } = query.scoreMin ? await countCapped(run, where) : await gauge(run, and(filter, searchMatchSql(q))!, where);
    const { rows, firstRows } = await searchRows(run, query, plan, cursor);
    return { rows, firstRows, summary: cursor ? undefined : summary };
  });
}
