import { sql, type SQL } from "drizzle-orm";
import { LEAD_STAGES } from "~/shared/crm/pipeline";
import type { Funnel, FunnelSource, FunnelWeek, OwnerFigures, StageTime } from "~/shared/schemas/crm-funnel";
import { rowsOf, type Db } from "../../db/client";
import { callActivitySql } from "./funnel-calls";

/** Percent of `of`, one decimal, in SQL; null when `of` is 0. */
const rate = (part: SQL, of: SQL) => sql`round(100.0 * ${part} / nullif(${of}, 0), 1)::float8`;

/**
 * The period: the last `weeks` weeks, Monday to Sunday in Asia/Kolkata, this week included.
 * `start` is the first Monday's midnight in Kolkata as a timestamp, so range scans use the indexes.
 */
const period = (weeks: number) => sql`period as (
  select first_week, (first_week::timestamp at time zone 'Asia/Kolkata') as start
  from (select crm_week_of(now()) - (${weeks}::int - 1) * 7 as first_week) p
)`;

/**
 * The funnel's events of the period per week and source: visits (first page views), simulation starts,
 * submitted applications, as the trigger of migration 0027 counts them when they arrive.
 */
const funnelWeeks = sql`analytics_funnel_week f, period where f.week >= period.first_week`;

type WeekRow = Omit<FunnelWeek, "revenue" | "collected"> & { revenue: string; collected: string };

/**
 * Each week's funnel (a row per week, zeros included) and the period's total (the rollup row): visitors
 * and simulation starts from the first-party events, reports and applications from their tables,
 * conversions and money from crm_week_tally; the conversion rates between steps, all in one statement.
 */
async function weeklyFunnel(db: Db, weeks: number): Promise<{ weeks: FunnelWeek[]; total: FunnelWeek }> {
  const answer = await db.execute(sql`
    with ${period(weeks)},
    w as (select generate_series(first_week, crm_week_of(now()), interval '7 days')::date as week from period),
    ev as (select f.week, sum(f.visitors) as visitors, sum(f.starts) as starts from ${funnelWeeks} group by 1),
    rp as (select crm_week_of(r.completed_at) as week, count(*) as n from simulation_report r, period where r.completed_at >= period.start group by 1),
    ap as (select crm_week_of(a.submitted_at) as week, count(*) as n from application a, period where a.submitted_at >= period.start group by 1),
    money as (
      select t.week, sum(t.paid) as paid, sum(t.revenue) as revenue, sum(t.collected) as collected
      from crm_week_tally t, period where t.week >= period.first_week group by 1
    ),
    f as (
      select w.week::text as week, coalesce(sum(ev.visitors), 0) as visitors, coalesce(sum(ev.starts), 0) as starts, coalesce(sum(rp.n), 0) as reports,
        coalesce(sum(ap.n), 0) as applications, coalesce(sum(money.paid), 0) as paid, coalesce(sum(money.revenue), 0) as revenue, coalesce(sum(money.collected), 0) as collected
      from w left join ev using (week) left join rp using (week) left join ap using (week) left join money using (week)
      group by rollup (w.week)
    )
    select week, visitors::int as "visitors", starts::int as "simulationStarts", reports::int as "reports", applications::int as "applications", paid::int as "paid",
      revenue::text as "revenue", collected::text as "collected",
      ${rate(sql`starts`, sql`visitors`)} as "startRate", ${rate(sql`reports`, sql`starts`)} as "reportRate",
      ${rate(sql`applications`, sql`reports`)} as "applicationRate", ${rate(sql`paid`, sql`applications`)} as "paidRate"
    from f order by week nulls last`);
  const rows = rowsOf<WeekRow>(answer).map((r) => ({ ...r, revenue: Number(r.revenue), collected: Number(r.collected) }));
  return { weeks: rows.filter((r) => r.week !== null), total: rows.find((r) => r.week === null)! };
}

/**
 * Each source's funnel in the period, the sources with the most visitors first. Visitors, simulation
 * starts and applications are the visits' own events. Reports and conversions come from the chatbot
 * and from sales, not from a visit, so they count under the lead's visit source (the visit the person
 * first sent a form from, migration 0030), which each report carries (0031) and the week tallies are
 * kept by; those of leads without one share a last row, source null.
 */
async function sourceFunnel(db: Db, weeks: number, limit = 25): Promise<FunnelSource[]> {
  // '' stands for "no source" inside the statement: NULLs would not meet in the joins.
  const answer = await db.execute(sql`
    with ${period(weeks)},
    ev as (select f.source, sum(f.visitors) as visitors, sum(f.starts) as starts, sum(f.applications) as applications from ${funnelWeeks} group by 1),
    rp as (select coalesce(r.visit_source, '') as source, count(*) as reports from simulation_report r, period where r.completed_at >= period.start group by 1),
    pd as (select coalesce(t.visit_source, '') as source, sum(t.paid) as paid from crm_week_tally t, period where t.week >= period.first_week group by 1 having sum(t.paid) <> 0),
    s as (
      select source, coalesce(ev.visitors, 0) as visitors, coalesce(ev.starts, 0) as starts, coalesce(rp.reports, 0) as reports,
        coalesce(ev.applications, 0) as applications, coalesce(pd.paid, 0) as paid
      from ev full join rp using (source) full join pd using (source)
    ),
    ranked as (select s.*, row_number() over (order by source = '', visitors desc, starts desc, reports desc, paid desc, source) as n from s)
    select nullif(source, '') as source, visitors::int as "visitors", starts::int as "simulationStarts", reports::int as "reports",
      applications::int as "applications", paid::int as "paid",
      ${rate(sql`starts`, sql`visitors`)} as "startRate", ${rate(sql`reports`, sql`starts`)} as "reportRate",
      ${rate(sql`applications`, sql`reports`)} as "applicationRate", ${rate(sql`paid`, sql`applications`)} as "paidRate"
    from ranked where n <= ${limit} or source = '' order by n`);
  return rowsOf<FunnelSource>(answer);
}

/** Median whole days of the finished stays in each stage, from the histogram the triggers keep. */
async function stageTimes(db: Db): Promise<StageTime[]> {
  const answer = await db.execute(sql`
    select lead_stage as stage, min(days) filter (where 2 * running >= total)::int as "medianDays", max(total)::int as stays
    from (
      select lead_stage, days, sum(stays) over (partition by lead_stage order by days) as running, sum(stays) over (partition by lead_stage) as total
      from lead_stage_stay
    ) h group by lead_stage`);
  const found = new Map(rowsOf<StageTime>(answer).map((r) => [r.stage, r]));
  return LEAD_STAGES.map((stage) => found.get(stage) ?? { stage, medianDays: null, stays: 0 });
}

/** Per owner: leads held now (lead_tally), calls logged, conversions and money collected in the period. */
async function ownerFigures(db: Db, weeks: number): Promise<OwnerFigures[]> {
  const answer = await db.execute(sql`
    with ${period(weeks)},
    held as (select lead_owner as owner, sum(leads) as leads from lead_tally group by 1),
    money as (select t.lead_owner as owner, sum(t.paid) as conversions, sum(t.collected) as collected from crm_week_tally t, period where t.week >= period.first_week group by 1),
    calls as (select c.staff_id as owner, count(*) as calls from (${callActivitySql(sql`(select start from period)`)}) c where c.staff_id is not null group by 1),
    owners as (select owner from held union select owner from money union select owner from calls)
    select o.owner as "ownerId", coalesce(s.name, case when o.owner is null then 'Unassigned' else 'Former staff' end) as name,
      coalesce(held.leads, 0)::int as leads, coalesce(calls.calls, 0)::int as calls, coalesce(money.conversions, 0)::int as conversions,
      coalesce(money.collected, 0)::text as collected
    from owners o
      left join staff s on s.id = o.owner
      left join held on held.owner is not distinct from o.owner
      left join money on money.owner is not distinct from o.owner
      left join calls on calls.owner is not distinct from o.owner
    order by o.owner is null, name`);
  return rowsOf<Omit<OwnerFigures, "collected"> & { collected: string }>(answer).map((r) => ({ ...r, collected: Number(r.collected) }));
}

/** The funnel analytics view (issue 23 §4): every figure is computed in the database. */
export async function readFunnel(db: Db, weeks: number): Promise<Funnel> {
  const [weekly, sources, stages, owners] = await Promise.all([weeklyFunnel(db, weeks), sourceFunnel(db, weeks), stageTimes(db), ownerFigures(db, weeks)]);
  const first = weekly.weeks[0]!.week!;
  const last = weekly.weeks.at(-1)!.week!;
  const sunday = new Date(`${last}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() + 6);
  return { from: first, to: sunday.toISOString().slice(0, 10), weeks: weekly.weeks, total: weekly.total, sources, stages, owners };
}
