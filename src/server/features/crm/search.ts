import { and, desc, or, sql, type SQL } from "drizzle-orm";
import { EXACT_COUNT_LIMIT, type LeadListQuery } from "~/shared/schemas/crm";
import { rowsOf, type Db } from "../../db/client";
import { lead } from "../../db/schema";
import { olderThan, type KeysetCursor } from "../../platform/keyset";
import { talliedSummary } from "./counts";
import { exactMatchSql, leadFilterSql, searchMatchSql } from "./filters";
import { selectLeads, type LeadRow } from "./record";
import type { LeadSummary } from "./summary-cache";

/**
 * Free-text search at 1.5 million leads (issue 21 items 3 and 4). The planner cannot know how many
 * leads a fragment matches (its statistics are a sample, stale after an import), and its two plans
 * are each terrible for the other case: walking the newest-first index for a rare fragment visits
 * every lead (1 s for "zzqqxx"), collecting a common fragment's trigram matches and sorting them
 * fetches tens of thousands of rows ("riya"). So the search gauges the fragment first and then tells
 * the planner which plan to use (planner settings local to one transaction):
 * 1. an exact count through the trigram bitmaps, stopping at FEW_MATCHES: a rare fragment (or none)
 *    is then counted, and its matches are collected from the bitmaps and sorted;
 * 2. otherwise the filter's exact count from the tallies (counts.ts), and when that is above
 *    EXACT_COUNT_LIMIT a fixed sample of the table (about SAMPLE_ROWS leads, TABLESAMPLE SYSTEM, the
 *    same pages each time): a dense fragment ("riya", "outlook") is counted "about" from the sample;
 * 3. otherwise an exact count through the bitmaps up to EXACT_COUNT_LIMIT (the sample's figure above).
 * Dense fragments and those above SORT_LIMIT are listed by walking the newest-first index (a page is
 * found within a few thousand leads); the others from the bitmaps, sorted.
 */
const SAMPLE_ROWS = 8_000;
/**
 * Sample hits from which the fragment counts as dense: walked, and counted by the sample. 150 hits
 * put one standard error at 1/√150 ≈ 8%; denser fragments ("riya", "outlook") are well inside ±10%.
 */
const DENSE_HITS = 150;
/** Up to this many matches the rows come from the bitmaps, sorted; beyond, by walking the index. */
const SORT_LIMIT = 3_000;
/** The first, cheap gauge: this many matches or fewer need no sample (a rare or no-match search). */
const FEW_MATCHES = 500;
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

/** How many leads match and how to list them (the steps above). */
async function gauge(db: Db, query: LeadListQuery, where: SQL | undefined, match: SQL): Promise<Gauge> {
  // Few matches (a rare name, a whole e-mail, no match at all): counted and listed from the bitmaps,
  // at the cost of at most FEW_MATCHES rows for a common fragment.
  const few = await countUpTo(db, where, FEW_MATCHES);
  if (few) return { plan: "bitmap", summary: few };
  const filtered = await talliedSummary(db, { ...query, q: undefined }, query.view);
  const sampled = filtered.total > EXACT_COUNT_LIMIT ? await sample(db, query, match, filtered) : null;
  if (sampled && sampled.hits >= DENSE_HITS) return { plan: "walk", summary: sampled.summary };
  const counted = await countUpTo(db, where, EXACT_COUNT_LIMIT);
  // Up to SORT_LIMIT matches the bitmaps beat a walk that would pass hundreds of leads per match.
  return { plan: counted && counted.total <= SORT_LIMIT ? "bitmap" : "walk", summary: counted ?? sampled!.summary };
}

/** The exact count and pending total through the trigram bitmaps, or null above `limit`. */
async function countUpTo(db: Db, where: SQL | undefined, limit: number): Promise<LeadSummary | null> {
  const capped = db.select({ pending: lead.pendingAmount }).from(lead).where(where).limit(limit + 1).as("capped");
  const [row] = await planned(db, "bitmap", (tx) =>
    tx.select({ n: sql<number>`count(*)::int`, pending: sql<string>`coalesce(sum(greatest(${capped.pending}, 0)), 0)` }).from(capped),
  );
  if (row!.n > limit) return null;
  return { total: row!.n, totalIsEstimate: false, pendingTotal: Number(row!.pending) };
}

/**
 * The matches' share of a fixed sample of the filtered leads, applied to the filter's exact count and
 * pending total ("about"). REPEATABLE: the same pages each time, so the figure does not flicker.
 */
async function sample(db: Db, query: LeadListQuery, match: SQL, filtered: LeadSummary) {
  const [all] = rowsOf<{ n: string }>(await db.execute(sql`select coalesce(sum(leads), 0)::text as n from lead_tally`));
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(1, Number(all!.n)));
  const where = leadFilterSql({ ...query, q: undefined }, query.view);
  const [row] = rowsOf<{ rows: number; hits: number; pending: string; hit_pending: string }>(
    await db.execute(sql`
      select count(*)::int as rows, count(*) filter (where ${match})::int as hits,
        coalesce(sum(greatest(pending_amount, 0)), 0)::text as pending,
        coalesce(sum(greatest(pending_amount, 0)) filter (where ${match}), 0)::text as hit_pending
      from lead tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (21)
      ${where ? sql`where ${where}` : sql``}`),
  );
  const share = row!.rows ? row!.hits / row!.rows : 0;
  const pendingShare = Number(row!.pending) ? Number(row!.hit_pending) / Number(row!.pending) : share;
  return {
    hits: row!.hits,
    summary: { total: Math.round(share * filtered.total), totalIsEstimate: true, pendingTotal: Math.round(pendingShare * filtered.pendingTotal) },
  };
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
  const { plan, summary } = await gauge(db, query, where, match);
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
