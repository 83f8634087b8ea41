import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client";
import { reportBestAttempt, reportScoreHistogram, simulationReport } from "../../db/schema";
import { topPercentOf, type Place, type Standing } from "~/shared/schemas/report-insights";

/**
 * Percentile and rank of a report among each candidate's best attempt at the same simulation type
 * (issue 20 §2), kept exact without reading the reports: `report_best_attempt` holds one row per
 * (simulation type, e-mail) and `report_score_histogram` counts those best attempts per score.
 *
 * Scores are compared in hundredths of a point ("buckets"): the chatbot sends whole totals out of 100
 * and dimension averages out of 10 with one decimal (shared/fixtures, schemas/simulation-reports.ts),
 * so hundredths keep every such value apart — and a two-decimal value too — while a histogram holds at
 * most 10,001 buckets per simulation and dimension, whatever the number of reports.
 */

/** The same rounding everywhere (numeric: half away from zero), so a report and its bucket agree. */
const bucketOf = (score: string) => `round((${score})::numeric * 100)::int`;
const TOTAL = sql.raw("''::text");

/**
 * Serialises the standing work of one candidate at one simulation type until the transaction ends,
 * so two of their reports arriving at once each see the other's when choosing the best attempt.
 * (Two-int key space: apart from the one-bigint locks of the migrations.)
 */
export async function lockStanding(db: Db, email: string, simulationType: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(20, hashtext(${simulationType} || '|' || ${email}))`);
}

/**
 * Brings one candidate's best attempt at one simulation type up to date with their stored reports,
 * and moves the histogram's counts from the old best attempt's scores to the new one's, in one
 * statement. Call it in the transaction that stored (or removed) a report, after `lockStanding`:
 * the webhook and the CSV import both do.
 */
export async function refreshStanding(db: Db, email: string, simulationType: string): Promise<void> {
  const r = simulationReport;
  await db.execute(sql`
    with best as (
      select ${r.id} as id, ${sql.raw(bucketOf("total_score"))} as total_bucket,
        coalesce((select jsonb_object_agg(d.key, ${sql.raw(bucketOf("d.value->>'average'"))}) from jsonb_each(${r.dimensionScores}) d), '{}'::jsonb) as dimension_buckets
      from ${r} where ${r.email} = ${email} and ${r.simulationType} = ${simulationType}
      order by ${r.totalScore} desc, ${r.completedAt}, ${r.id} limit 1
    ), old as (
      select total_bucket, dimension_buckets from ${reportBestAttempt} where simulation_type = ${simulationType} and email = ${email}
    ), kept as (
      insert into ${reportBestAttempt} (simulation_type, email, report_id, total_bucket, dimension_buckets)
      select ${simulationType}, ${email}, id, total_bucket, dimension_buckets from best
      on conflict (simulation_type, email) do update
        set report_id = excluded.report_id, total_bucket = excluded.total_bucket, dimension_buckets = excluded.dimension_buckets
      returning 1
    ), gone as (
      delete from ${reportBestAttempt} where simulation_type = ${simulationType} and email = ${email} and not exists (select 1 from best)
      returning 1
    ), moves as (
      select dimension, bucket, sum(delta)::int as delta from (
        select ${TOTAL} as dimension, total_bucket as bucket, -1 as delta from old
        union all select d.key, d.value::int, -1 from old, jsonb_each_text(old.dimension_buckets) d
        union all select ${TOTAL}, total_bucket, 1 from best
        union all select d.key, d.value::int, 1 from best, jsonb_each_text(best.dimension_buckets) d
      ) m group by dimension, bucket having sum(delta) <> 0
    )
    insert into ${reportScoreHistogram} (simulation_type, dimension, bucket, candidates)
    -- One order for every writer, so two intakes never wait on each other's buckets crosswise.
    select ${simulationType}, dimension, bucket, delta from moves order by dimension, bucket
    on conflict (simulation_type, dimension, bucket) do update set candidates = ${reportScoreHistogram}.candidates + excluded.candidates`);
}

/** The webhook's and the import's one call: lock, then refresh (see above). */
export async function recordStanding(db: Db, email: string, simulationType: string): Promise<void> {
  await lockStanding(db, email, simulationType);
  await refreshStanding(db, email, simulationType);
}

interface PlaceRow {
  dimension: string;
  higher: number;
  total: number;
  own_bucket: number | null;
  bucket: number;
}

/**
 * Where a report's total and each dimension stand: the best attempts of every other candidate, and
 * this report's score in place of its candidate's best (a report that is not their best is ranked as
 * it is). Reads at most the histogram's buckets of this simulation type: no report is scanned.
 */
export async function standingOf(db: Db, row: { id: string; email: string; simulationType: string }, dimensionNames: string[]): Promise<Standing | null> {
  const answer = await db.execute(sql`
    with me as (
      select ${TOTAL} as dimension, ${sql.raw(bucketOf("total_score"))} as bucket from ${simulationReport} where id = ${row.id}
      union all
      select d.key, ${sql.raw(bucketOf("d.value->>'average'"))} from ${simulationReport}, jsonb_each(dimension_scores) d where id = ${row.id}
    ), own as (
      select total_bucket, dimension_buckets from ${reportBestAttempt} where simulation_type = ${row.simulationType} and email = ${row.email}
    )
    select me.dimension, me.bucket,
      coalesce(sum(h.candidates) filter (where h.bucket > me.bucket), 0)::int as higher,
      coalesce(sum(h.candidates), 0)::int as total,
      (select case when me.dimension = ${TOTAL} then own.total_bucket else (own.dimension_buckets ->> me.dimension)::int end from own) as own_bucket
    from me left join ${reportScoreHistogram} h on h.simulation_type = ${row.simulationType} and h.dimension = me.dimension
    group by me.dimension, me.bucket`);
  const rows = rowsOf<PlaceRow>(answer);
  const placeOf = (found: PlaceRow): Place => {
    let { higher, total } = { higher: Number(found.higher), total: Number(found.total) };
    const own = found.own_bucket === null ? null : Number(found.own_bucket);
    if (own === null) total += 1; // not counted yet: this report joins the population
    else if (own > Number(found.bucket)) higher -= 1; // their best is counted above this score: it is replaced by it
    const rank = higher + 1;
    return { rank, candidates: total, topPercent: topPercentOf(rank, total) };
  };
  const overall = rows.find((r) => r.dimension === "");
  if (!overall) return null;
  return {
    overall: placeOf(overall),
    dimensions: dimensionNames.flatMap((name) => {
      const found = rows.find((r) => r.dimension === name);
      return found ? [{ name, ...placeOf(found) }] : [];
    }),
  };
}
