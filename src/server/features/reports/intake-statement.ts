import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client";
import { MAIL_PRIORITY, mailQueued } from "../../platform/mail/outbox";
import { leadsChanged } from "../leads/summary-cache";
import { reportReadyMail } from "./mail";
import type { reportColumns } from "./intake";

/**
 * The webhook's whole write as one statement (issue 20 §6: it was ~13 round trips): the lead
 * (created, or flagged and its empty name filled, as `captureLead` does for an e-mail without a
 * mobile), the report (inserted, or updated when the resultId is the same address's), the lead's
 * engagement, the "report ready" e-mail once (the outbox row goes in only when this statement is
 * the one that set `notified_at`), and the candidate's best attempt and score histogram
 * (standing.ts) — the best attempt chosen among their other stored reports and this one's values,
 * since a statement does not see its own writes. Run after `lockStandings`, in one transaction;
 * prepared once per connection on PostgreSQL.
 */
export interface IntakeRow {
  id: string;
  slug: string;
  created: boolean;
  claimed: boolean;
  /** The simulation type the report had before, when it was an update that changed it. */
  priorType: string | null;
}

const bucket = (score: string) => sql.raw(`round((${score})::numeric * 100)::int`);

function intakeSql(resultId: string, slug: string, c: ReturnType<typeof reportColumns>, notify: boolean, mail: { id: string; subject: string; text: string; html: string | null; priority: number }): SQL {
  const dims = JSON.stringify(c.dimensionScores);
  return sql`
    with prior as (
      select simulation_type from simulation_report where result_id = ${resultId}
    ), lead_row as (
      insert into lead (email, full_name, source_type, has_simulation) values (${c.email}, ${c.fullName.trim()}, 'simulation_attempt', true)
      on conflict (email) do update set has_simulation = true,
        full_name = case when lead.full_name = '' then excluded.full_name else lead.full_name end, updated_at = now()
      returning id
    ), stored as (
      insert into simulation_report (result_id, slug, email, full_name, simulation_type, simulation_slug, company, total_score, overall_summary,
        dimension_scores, dimension_order, skill_feedback, case_study_details, candidate_responses, pdf_report_link, completed_at, lead_id,
        notified_at, notify_mail_id)
      values (${resultId}, ${slug}, ${c.email}, ${c.fullName}, ${c.simulationType}, ${c.simulationSlug}, ${c.company}, ${c.totalScore}::float8, ${c.overallSummary},
        ${dims}::jsonb, ${JSON.stringify(c.dimensionOrder)}::jsonb, ${JSON.stringify(c.skillFeedback)}::jsonb, ${c.caseStudyDetails === null ? null : JSON.stringify(c.caseStudyDetails)}::jsonb,
        ${JSON.stringify(c.candidateResponses)}::jsonb, ${c.pdfReportLink}, ${c.completedAt.toISOString()}::timestamptz, (select id from lead_row),
        case when ${notify}::boolean then now() end, case when ${notify}::boolean then ${mail.id}::uuid end)
      on conflict (result_id) do update set
        full_name = excluded.full_name, simulation_type = excluded.simulation_type, simulation_slug = excluded.simulation_slug, company = excluded.company,
        total_score = excluded.total_score, overall_summary = excluded.overall_summary, dimension_scores = excluded.dimension_scores,
        dimension_order = excluded.dimension_order, skill_feedback = excluded.skill_feedback, case_study_details = excluded.case_study_details,
        candidate_responses = excluded.candidate_responses, pdf_report_link = excluded.pdf_report_link, completed_at = excluded.completed_at,
        lead_id = excluded.lead_id, updated_at = now(),
        notified_at = case when ${notify}::boolean then coalesce(simulation_report.notified_at, now()) else simulation_report.notified_at end,
        notify_mail_id = case when ${notify}::boolean and simulation_report.notified_at is null then excluded.notify_mail_id else simulation_report.notify_mail_id end
      -- The same resultId under another address changes nothing: the caller answers 409.
      where simulation_report.email = excluded.email
      returning id, slug, (xmax = 0) as created, notify_mail_id is not distinct from ${mail.id}::uuid as claimed
    ), engagement as (
      insert into lead_engagement (lead_id, kind, ref_id) select (select id from lead_row), 'simulation_attempt', id from stored
      on conflict do nothing
    ), mail as (
      insert into outbox (id, to_address, subject, text_body, html_body, priority)
      select ${mail.id}::uuid, ${c.email}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.priority}::int from stored where claimed
    ), attempts as (
      select id, total_score, completed_at, dimension_scores from simulation_report
      where email = ${c.email} and simulation_type = ${c.simulationType} and result_id <> ${resultId}
      union all
      select id, ${c.totalScore}::float8, ${c.completedAt.toISOString()}::timestamptz, ${dims}::jsonb from stored
    ), best as (
      select id, ${bucket("total_score")} as total_bucket,
        coalesce((select jsonb_object_agg(d.key, ${bucket("d.value->>'average'")}) from jsonb_each(attempts.dimension_scores) d), '{}'::jsonb) as dimension_buckets
      from attempts where exists (select 1 from stored) order by total_score desc, completed_at, id limit 1
    ), old as (
      select total_bucket, dimension_buckets from report_best_attempt
      where simulation_type = ${c.simulationType} and email = ${c.email} and exists (select 1 from stored)
    ), kept as (
      insert into report_best_attempt (simulation_type, email, report_id, total_bucket, dimension_buckets)
      select ${c.simulationType}, ${c.email}, id, total_bucket, dimension_buckets from best
      on conflict (simulation_type, email) do update
        set report_id = excluded.report_id, total_bucket = excluded.total_bucket, dimension_buckets = excluded.dimension_buckets
    ), moves as (
      select dimension, bucket, sum(delta)::int as delta from (
        select ''::text as dimension, total_bucket as bucket, -1 as delta from old
        union all select d.key, d.value::int, -1 from old, jsonb_each_text(old.dimension_buckets) d
        union all select ''::text, total_bucket, 1 from best
        union all select d.key, d.value::int, 1 from best, jsonb_each_text(best.dimension_buckets) d
      ) m group by dimension, bucket having sum(delta) <> 0
    ), histogram as (
      insert into report_score_histogram (simulation_type, dimension, bucket, candidates)
      select ${c.simulationType}, dimension, bucket, delta from moves order by dimension, bucket
      on conflict (simulation_type, dimension, bucket) do update set candidates = report_score_histogram.candidates + excluded.candidates
    )
    select id, slug, created, claimed, (select simulation_type from prior where simulation_type <> ${c.simulationType}) as "priorType" from stored`;
}

interface PreparedSession {
  session: { prepareQuery(query: unknown, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(): Promise<unknown> } };
  dialect: { sqlToQuery(sql: SQL): unknown };
}

/** Runs a statement as a named prepared statement (parsed and planned once per connection on PostgreSQL). */
async function executePrepared(db: Db, name: string, statement: SQL): Promise<unknown> {
  const { session, dialect } = db as unknown as PreparedSession;
  return session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false).execute();
}

/** See above; null when the resultId is another address's report (nothing was written). */
export async function storeIntake(db: Db, resultId: string, slug: string, columns: ReturnType<typeof reportColumns>, notify: boolean, publicBaseUrl: string): Promise<IntakeRow | null> {
  const message = reportReadyMail(columns, publicBaseUrl);
  const mail = { id: randomUUID(), subject: message.subject, text: message.text, html: message.html ?? null, priority: message.priority ?? MAIL_PRIORITY.normal };
  const [row] = rowsOf<IntakeRow>(await executePrepared(db, "report_intake_v1", intakeSql(resultId, slug, columns, notify, mail)));
  leadsChanged();
  if (row?.claimed) mailQueued.emit("queued");
  return row ?? null;
}
