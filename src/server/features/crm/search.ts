import { and, desc, or, sql, type SQL } from "drizzle-orm";
import { EXACT_COUNT_LIMIT, type LeadListQuery } from "~/shared/schemas/crm";
import { rowsOf, type Db } from "../../db/client";
import { lead } from "../../db/schema";
import { olderThan, type KeysetCursor } from "../../platform/keyset";
import { exactMatchSql, leadFilterSql, searchMatchSql } from "./filters";
import { selectLeads, type LeadRow } from "./record";
import type { LeadSummary } from "./summary-cache";

/**
 * Free-text search at 1.5 million leads (issue 21 items 2, 3 and 4). The planner cannot know how many
 * leads a fragment matches (its statistics are a sample, stale after an import), and its two plans
 * are each terrible for the other case: walking the newest-first index for a rare fragment visits
 * every lead (1 s for "zzqqxx"), collecting a common fragment's trigram matches and sorting them
 * fetches tens of thousands of rows ("riya"). So the search gauges the fragment first, on the search
 * sample (a fixed sixteenth of the leads kept by triggers, migration 0019), and then tells the
 * planner which plan to use (planner settings local to one transaction):
 * 1. its matches in the sample's core (one lead in 256): at ENOUGH_HITS or more the fragment is
 *    common ("outlook"), counted "about" from the core;
 * 2. otherwise its matches in the whole sample: at ENOUGH_HITS or more, counted "about" from the
 *    sample ("riya", "sharma");
 * 3. otherwise counted exactly through the leads' trigram bitmaps (a rare name, a mobile, an e-mail,
 *    no match at all), up to EXACT_COUNT_LIMIT (the sample's figure above it).
 * Up to SORT_LIMIT matches the rows come from the bitmaps, sorted; beyond, by walking the newest-first
 * index (a page is found within a few thousand leads).
 */
/** One lead in SAMPLE_WEIGHT is in the sample, one in CORE_WEIGHT in its core (migration 0019). */
const SAMPLE_WEIGHT = 16;
const CORE_WEIGHT = 256;
/**
 * Sample hits enough for an estimate: one standard error is about 1/√hits, 3.2% at 1,000, so the
 * "about" is within ±10% (3σ) but for one search in several hundred, and closer the more hits.
 * A thousand hits in the sample is 16,000 matches: above EXACT_COUNT_LIMIT, so up to the limit the
 * count is exact.
 */
const ENOUGH_HITS = 1_000;
/** Up to this many matches the rows come from the bitmaps, sorted; beyond, by walking the index. */
const SORT_LIMIT = 3_000;
/** Leads named outright (whole e-mail or mobile) shown first; there is normally one. */
const EXACT_FIRST_MAX = 10;

type Plan = "bitmap" | "walk";

/**
 * Planner settings for the statements of `work`, in one transaction (set_config local = SET LOCAL).
 * "bitmap": only bitmap scans (the trigram indexes); "walk": only ordered index scans.
 */
function planned<T>(db: Db, plan: Plan, work: (tx: Db) => Promise<T>): Promise<T> {
  const off = plan === "bitmap" ? ["enable_seqscan", "enable_indexscan", "enable_indexonlyscan"] : ["enable_seqscan", "enable_bitmapscan"];
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select ${off.map((name) => `set_config('${name}', 'off', true)`).join(", ")}`));
    return work(tx as unknown as Db);
  });
}

interface Gauge {
  plan: Plan;
  summary: LeadSummary;
}

/** How many leads match and how to list them (the steps above), in one transaction of bitmap scans. */
function gauge(db: Db, filter: SQL | undefined, match: SQL, where: SQL | undefined): Promise<Gauge> {
  return planned(db, "bitmap", async (tx) => {
    const inSample = and(filter, match);
    const core = await sampleHits(tx, inSample, "core");
    if (core.hits >= ENOUGH_HITS) return { plan: "walk", summary: estimate(core, CORE_WEIGHT) };
    const sampled = await sampleHits(tx, inSample, "all");
    // Counting exactly costs a row per match: worth it unless the sample is sure there are too many.
    const counted = sampled.hits < ENOUGH_HITS ? await countUpTo(tx, where, EXACT_COUNT_LIMIT) : null;
    if (counted) return { plan: counted.total <= SORT_LIMIT ? "bitmap" : "walk", summary: counted };
    return { plan: "walk", summary: estimate(sampled, SAMPLE_WEIGHT) };
  });
}

interface SampleHits {
  hits: number;
  pending: number;
}

/**
 * The matches of `where` (the list's own filter and search SQL, on the sample's columns of the same
 * names) in the sample's core or in the whole sample, through the sample's trigram indexes.
 */
async function sampleHits(tx: Db, where: SQL | undefined, part: "core" | "all"): Promise<SampleHits> {
  const [row] = rowsOf<{ hits: number; pending: string }>(
    await tx.execute(sql`
      select count(*)::int as hits, coalesce(sum(greatest(pending_amount, 0)), 0)::text as pending
      from lead_search_sample as "lead" where ${part === "core" ? sql`core and ` : sql``}${where ?? sql`true`}`),
  );
  return { hits: row!.hits, pending: Number(row!.pending) };
}

const estimate = (sample: SampleHits, weight: number): LeadSummary => ({ total: sample.hits * weight, totalIsEstimate: true, pendingTotal: sample.pending * weight });

/** The exact count and pending total (through the trigram bitmaps, in `gauge`), or null above `limit`. */
async function countUpTo(tx: Db, where: SQL | undefined, limit: number): Promise<LeadSummary | null> {
  const capped = tx.select({ pending: lead.pendingAmount }).from(lead).where(where).limit(limit + 1).as("capped");
  const [row] = await tx.select({ n: sql<number>`count(*)::int`, pending: sql<string>`coalesce(sum(greatest(${capped.pending}, 0)), 0)` }).from(capped);
  if (row!.n > limit) return null;
  return { total: row!.n, totalIsEstimate: false, pendingTotal: Number(row!.pending) };
}

/**
 * One page of a search, newest first, with the leads the entry names outright first (on the first
 * page), and the summary on the first page. Later pages gauge again to pick the plan.
 */
export async function searchPage(db: Db, query: LeadListQuery, cursor: KeysetCursor | null): Promise<{ rows: LeadRow[]; summary?: LeadSummary; firstRows: LeadRow[] }> {
  const q = query.q!.trim();
  const filter = leadFilterSql({ ...query, q: undefined }, query.view);
  const exact = exactMatchSql(q);
  const match = exact ? or(searchMatchSql(q), exact)! : searchMatchSql(q);
  const where = and(filter, match);
  const { plan, summary } = await gauge(db, filter, searchMatchSql(q), where);
  const after = olderThan(lead.createdAt, lead.id, cursor);
  const [firstRows, rows] = await Promise.all([
    // Bitmap lookups too: the planner guesses thousands of leads for an expression index without
    // statistics, and would walk the newest-first index to find them (6 s at 1.5M leads).
    exact && !cursor
      ? planned(db, "bitmap", (tx) => selectLeads(tx).where(and(filter, exact)).orderBy(desc(lead.createdAt), desc(lead.id)).limit(EXACT_FIRST_MAX))
      : [],
    planned(db, plan, (tx) =>
      selectLeads(tx)
        .where(and(where, exact ? sql`(${exact}) is not true` : undefined, after))
        .orderBy(desc(lead.createdAt), desc(lead.id))
        .limit(query.limit + 1),
    ),
  ]);
  return { rows, firstRows, summary: cursor ? undefined : summary };
}
