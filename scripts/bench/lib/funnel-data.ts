// The funnel's data for a benchmark database that already holds many leads (many-leads.ts): a year of
// first-party events from a dozen sources, a year of simulation reports, and a year of sales work on
// the leads (each worked lead's visit source, stage changes, conversions, collections, calls) made through ordinary UPDATE statements, so migration 0023's
// triggers fill the week tallies and the stage histogram as they do in production.
import { sql } from "drizzle-orm";
import { loadConfig } from "~/server/config";
import { rowsOf } from "~/server/db/client";
import { openConfiguredDatabase } from "~/server/db/open";
import { targetConfigEnv, type DataTarget } from "./servers";

const SOURCES = ["google.com", "newsletter", "linkedin", "direct", "instagram", "youtube", "partner-a", "partner-b", "bing.com", "twitter", "facebook", "podcast"];

export async function seedFunnelData(target: DataTarget, events: number, worked: number, reports: number): Promise<void> {
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  try {
    const db = database.db;
    // Events over the last 364 days: most page views, one visit in four a landing, some starts and applications.
    await db.execute(sql`
      insert into analytics_event (name, path, occurred_at, source, utm_source, referrer, landing)
      select case when g % 20 = 0 then 'simulation_start' when g % 97 = 0 then 'application_submit' else 'page_view' end,
        '/', now() - make_interval(secs => (g::bigint * 31449600 / ${events})::int),
        (string_to_array(${SOURCES.join(",")}, ','))[1 + g % ${SOURCES.length}], null, null, g % 4 = 1
      from generate_series(1, ${events}) as g`);
    // Sales work on `worked` leads, in statements of a few thousand: a stage change, then a sale for one in ten.
    const step = 5_000;
    for (let from = 0; from < worked; from += step) {
      await db.execute(sql`
        update lead set lead_stage = 'Connected', lead_status = 'Pitched', updated_at = now(),
          visit_source = (string_to_array(${SOURCES.join(",")}, ','))[1 + abs(hashtext(id::text)) % ${SOURCES.length}]
        where id in (select id from lead order by created_at, id offset ${from} limit ${step}) and lead_stage <> 'Connected'`);
      await db.execute(sql`
        update lead set lead_status = 'CW - Full', batch_name = 'FF-2026-11', sale_amount = 149990, collected_amount = 49990
        where id in (select id from lead where lead_stage = 'Connected' and not is_paid order by created_at, id offset ${from / 10} limit ${step / 10})`);
    }
    const ownerId = rowsOf<{ id: string }>(await db.execute(sql`select id from staff order by created_at limit 1`))[0]!.id;
    await db.execute(sql`update lead set lead_owner = ${ownerId}::uuid where lead_owner is null and id in (select id from lead order by created_at desc limit ${worked})`);
    // Simulation reports over the year, one per lead from the oldest (the worked leads, with a visit
    // source, then leads without one): the per-source split joins each report of the period to its lead.
    await db.execute(sql`
      insert into simulation_report (result_id, slug, email, full_name, simulation_type, total_score, dimension_scores, skill_feedback, candidate_responses, completed_at, lead_id)
      select 'bench-' || n, 'bench-' || n, email, full_name, 'Job Simulation', 40 + n % 60, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb,
        now() - make_interval(secs => (n::bigint * 31449600 / ${reports})::int), id
      from (select id, email, full_name, row_number() over (order by created_at, id) as n from lead order by created_at, id limit ${reports}) l`);
    // Calls logged: one per worked lead, spread over the year.
    await db.execute(sql`
      insert into lead_change (lead_id, staff_id, kind, field, from_value, to_value, at)
      select id, ${ownerId}::uuid, 'edit', 'latestCallDate', null, '2026-11-01', now() - make_interval(days => (row_number() over ())::int % 364)
      from (select id from lead order by created_at desc limit ${worked}) l`);
    await db.execute(sql`analyze`);
  } finally {
    await database.close();
    release();
  }
}
