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

export interface StandingKey {
  email: string;
  simulationType: string;
}

/** The keys once each, in one order: every writer locks in that order, so none waits on another crosswise. */
function distinctKeys(keys: StandingKey[]): { emails: string[]; types: string[] } {
  const unique = [...new Map(keys.map((k) => [`${k.simulationType}\u0000${k.email}`, k])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { emails: unique.map(([, k]) => k.email), types: unique.map(([, k]) => k.simulationType) };
}

/**
 * Serialises the standing work of each candidate at each simulation type until the transaction
 * ends, so two of their reports stored at once each see the other's when the best attempt is chosen
 * (the refresh below then runs on a snapshot taken after the lock). Two-int key space: apart from
 * the one-bigint locks of the migrations.
 */
async function lockStandings(db: Db, keys: StandingKey[]): Promise<void> {
  const { emails, types } = distinctKeys(keys);
  await db.execute(sql`
    select count(pg_advisory_xact_lock(20, hashtext(t || '|' || e)))
    from (select e, t from unnest(${sql.param(emails)}::text[], ${sql.param(types)}::text[]) as k(e, t) order by t, e) ordered`);
}

/**
 * Brings candidates' best attempts at simulation types up to date with their stored reports, and
 * moves the histogram's counts from each old best attempt's scores to the new one's, in one
 * statement. The caller holds the locks (`lockStandings`).
 */
async function refreshStandings(db: Db, emails: string[], types: string[]): Promise<void> {
  const r = simulationReport;
  await db.execute(sql`
    with keys as (
      select e as email, t as simulation_type from unnest(${sql.param(emails)}::text[], ${sql.param(types)}::text[]) as k(e, t)
    ), best as (
      select distinct on (k.simulation_type, k.email) k.simulation_type, k.email, r.id,
        ${sql.raw(bucketOf("r.total_score"))} as total_bucket,
        coalesce((select jsonb_object_agg(d.key, ${sql.raw(bucketOf("d.value->>'average'"))}) from jsonb_each(r.dimension_scores) d), '{}'::jsonb) as dimension_buckets
      from keys k join ${r} r on r.email = k.email and r.simulation_type = k.simulation_type
      order by k.simulation_type, k.email, r.total_score desc, r.completed_at, r.id
    ), old as (
      select b.simulation_type, b.total_bucket, b.dimension_buckets from ${reportBestAttempt} b join keys k on b.simulation_type = k.simulation_type and b.email = k.email
    ), kept as (
      insert into ${reportBestAttempt} (simulation_type, email, report_id, total_bucket, dimension_buckets)
      select simulation_type, email, id, total_bucket, dimension_buckets from best
      on conflict (simulation_type, email) do update
        set report_id = excluded.report_id, total_bucket = excluded.total_bucket, dimension_buckets = excluded.dimension_buckets
      returning 1
    ), gone as (
      delete from ${reportBestAttempt} b using keys k
      where b.simulation_type = k.simulation_type and b.email = k.email
        and not exists (select 1 from best where best.simulation_type = k.simulation_type and best.email = k.email)
      returning 1
    ), moves as (
      select simulation_type, dimension, bucket, sum(delta)::int as delta from (
        select simulation_type, ${TOTAL} as dimension, total_bucket as bucket, -1 as delta from old
        union all select simulation_type, d.key, d.value::int, -1 from old, jsonb_each_text(old.dimension_buckets) d
        union all select simulation_type, ${TOTAL}, total_bucket, 1 from best
        union all select simulation_type, d.key, d.value::int, 1 from best, jsonb_each_text(best.dimension_buckets) d
      ) m group by simulation_type, dimension, bucket having sum(delta) <> 0
    )
    insert into ${reportScoreHistogram} (simulation_type, dimension, bucket, candidates)
    -- One order for every writer, so two intakes never wait on each other's buckets crosswise.
    select simulation_type, dimension, bucket, delta from moves order by simulation_type, dimension, bucket
    on conflict (simulation_type, dimension, bucket) do update set candidates = ${reportScoreHistogram}.candidates + excluded.candidates`);
}

/**
 * The one call of everything that stores or removes reports (the webhook, the CSV import, an
 * erasure): in its transaction, after the reports are written, brings the best attempts and the
 * histogram of these candidates at these simulation types up to date. Two statements, whatever
 * the number of keys.
 */
export async function recordStanding(db: Db, keys: StandingKey[]): Promise<void> {
  if (keys.length === 0) return;
  await lockStandings(db, keys);
  const { emails, types } = distinctKeys(keys);
  await refreshStandings(db, emails, types);
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

/**
 * Best attempts and histogram rebuilt from every stored report, set-based (as migration 0013 fills
 * them): for a database whose reports were written around `recordStanding` (a benchmark's bulk rows).
 */
export async function rebuildStanding(db: Db): Promise<void> {
  await db.execute(sql`delete from ${reportScoreHistogram}`);
  await db.execute(sql`delete from ${reportBestAttempt}`);
  await db.execute(sql`
    insert into ${reportBestAttempt} (simulation_type, email, report_id, total_bucket, dimension_buckets)
    select distinct on (r.simulation_type, r.email) r.simulation_type, r.email, r.id, ${sql.raw(bucketOf("r.total_score"))},
      coalesce((select jsonb_object_agg(d.key, ${sql.raw(bucketOf("d.value->>'average'"))}) from jsonb_each(r.dimension_scores) d), '{}'::jsonb)
    from ${simulationReport} r
    order by r.simulation_type, r.email, r.total_score desc, r.completed_at, r.id`);
  await db.execute(sql`
    insert into ${reportScoreHistogram} (simulation_type, dimension, bucket, candidates)
    select simulation_type, dimension, bucket, count(*)::int from (
      select simulation_type, ${TOTAL} as dimension, total_bucket as bucket from ${reportBestAttempt}
      union all select b.simulation_type, d.key, d.value::int from ${reportBestAttempt} b, jsonb_each_text(b.dimension_buckets) d
    ) s group by simulation_type, dimension, bucket`);
}
