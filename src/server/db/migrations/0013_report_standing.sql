-- The chatbot's order of dimensions and of each dimension's skills (jsonb keeps keys shortest first):
-- [{"name": "...", "skills": ["...", ...]}, ...]. Filled at intake and by the CSV import.
ALTER TABLE "simulation_report" ADD COLUMN "dimension_order" jsonb;
--> statement-breakpoint
-- Reports stored before: the six areas in the wizard's order (the order the chatbot uses), then any
-- other dimension by name; skills by name (their original order was not kept).
UPDATE "simulation_report" SET "dimension_order" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('name', d.key, 'skills', coalesce((SELECT jsonb_agg(s.key ORDER BY s.key) FROM jsonb_object_keys(d.value->'skills') AS s(key)), '[]'::jsonb))
    ORDER BY CASE
      WHEN lower(d.key) LIKE '%strateg%' THEN 1 WHEN lower(d.key) LIKE '%execut%' THEN 2 WHEN lower(d.key) LIKE '%communic%' THEN 3
      WHEN lower(d.key) LIKE '%leader%' THEN 4 WHEN lower(d.key) LIKE '%growth%' THEN 5 WHEN lower(d.key) LIKE '%tech%' THEN 6 ELSE 7 END, d.key)
  FROM jsonb_each("dimension_scores") AS d), '[]'::jsonb);
--> statement-breakpoint
CREATE INDEX "simulation_report_email_type_idx" ON "simulation_report" USING btree ("email","simulation_type","total_score");
--> statement-breakpoint
-- Each candidate's best attempt per simulation type (highest total, then earliest), with its scores in
-- hundredths: the population that percentiles and ranks are taken in.
CREATE TABLE "report_best_attempt" (
	"simulation_type" text NOT NULL,
	"email" text NOT NULL,
	"report_id" uuid NOT NULL,
	"total_bucket" integer NOT NULL,
	"dimension_buckets" jsonb NOT NULL,
	CONSTRAINT "report_best_attempt_pk" PRIMARY KEY("simulation_type","email")
);
--> statement-breakpoint
-- How many best attempts hold each score, per simulation type and dimension ('' is the total score),
-- in hundredths of a point: a rank is a sum over at most 10,001 buckets, whatever the number of reports.
CREATE TABLE "report_score_histogram" (
	"simulation_type" text NOT NULL,
	"dimension" text NOT NULL,
	"bucket" integer NOT NULL,
	"candidates" integer NOT NULL,
	CONSTRAINT "report_score_histogram_pk" PRIMARY KEY("simulation_type","dimension","bucket")
);
--> statement-breakpoint
INSERT INTO "report_best_attempt" ("simulation_type", "email", "report_id", "total_bucket", "dimension_buckets")
SELECT DISTINCT ON (r.simulation_type, r.email) r.simulation_type, r.email, r.id, round(r.total_score::numeric * 100)::int,
  coalesce((SELECT jsonb_object_agg(d.key, round((d.value->>'average')::numeric * 100)::int) FROM jsonb_each(r.dimension_scores) AS d), '{}'::jsonb)
FROM "simulation_report" r
ORDER BY r.simulation_type, r.email, r.total_score DESC, r.completed_at, r.id;
--> statement-breakpoint
INSERT INTO "report_score_histogram" ("simulation_type", "dimension", "bucket", "candidates")
SELECT simulation_type, dimension, bucket, count(*)::int FROM (
  SELECT simulation_type, '' AS dimension, total_bucket AS bucket FROM "report_best_attempt"
  UNION ALL
  SELECT b.simulation_type, d.key, d.value::int FROM "report_best_attempt" b, jsonb_each_text(b.dimension_buckets) AS d
) s GROUP BY simulation_type, dimension, bucket;
--> statement-breakpoint
-- The webhook's whole write in one call, so one round trip (issue 20 §6). A function because its
-- statements' plans are cached for the connection (PGlite's too; planning this statement cost more than
-- running it), with generic plans from the first call. See features/reports/intake-statement.ts.
-- In READ COMMITTED each statement below takes its own snapshot, so the one after the advisory lock
-- sees every report of this candidate that a concurrent intake committed before it got the lock.
CREATE FUNCTION "report_intake"(
  p_result_id text, p_slug text, p_email text, p_full_name text, p_simulation_type text, p_simulation_slug text, p_company text,
  p_total_score double precision, p_overall_summary text, p_dimension_scores jsonb, p_dimension_order jsonb, p_skill_feedback jsonb,
  p_case_study_details jsonb, p_candidate_responses jsonb, p_pdf_report_link text, p_completed_at timestamptz,
  p_notify boolean, p_mail_id uuid, p_mail_subject text, p_mail_text text, p_mail_html text, p_mail_priority integer)
RETURNS TABLE (report_id uuid, report_slug text, is_created boolean, is_claimed boolean, prior_simulation_type text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  PERFORM pg_advisory_xact_lock(20, hashtext(p_simulation_type || '|' || p_email));
  RETURN QUERY
  WITH prior AS (
    SELECT simulation_type FROM simulation_report WHERE result_id = p_result_id
  ), lead_row AS (
    INSERT INTO lead (email, full_name, source_type, has_simulation) VALUES (p_email, btrim(p_full_name), 'simulation_attempt', true)
    ON CONFLICT (email) DO UPDATE SET has_simulation = true,
      full_name = CASE WHEN lead.full_name = '' THEN excluded.full_name ELSE lead.full_name END, updated_at = now()
    RETURNING id
  ), stored AS (
    INSERT INTO simulation_report (result_id, slug, email, full_name, simulation_type, simulation_slug, company, total_score, overall_summary,
      dimension_scores, dimension_order, skill_feedback, case_study_details, candidate_responses, pdf_report_link, completed_at, lead_id,
      notified_at, notify_mail_id)
    VALUES (p_result_id, p_slug, p_email, p_full_name, p_simulation_type, p_simulation_slug, p_company, p_total_score, p_overall_summary,
      p_dimension_scores, p_dimension_order, p_skill_feedback, p_case_study_details, p_candidate_responses, p_pdf_report_link, p_completed_at,
      (SELECT id FROM lead_row), CASE WHEN p_notify THEN now() END, CASE WHEN p_notify THEN p_mail_id END)
    ON CONFLICT (result_id) DO UPDATE SET
      full_name = excluded.full_name, simulation_type = excluded.simulation_type, simulation_slug = excluded.simulation_slug, company = excluded.company,
      total_score = excluded.total_score, overall_summary = excluded.overall_summary, dimension_scores = excluded.dimension_scores,
      dimension_order = excluded.dimension_order, skill_feedback = excluded.skill_feedback, case_study_details = excluded.case_study_details,
      candidate_responses = excluded.candidate_responses, pdf_report_link = excluded.pdf_report_link, completed_at = excluded.completed_at,
      lead_id = excluded.lead_id, updated_at = now()
    -- An update is not e-mailed here (the mail was rendered for a new report's slug): the caller
    -- queues it through notifyReportReady when the candidate was never told.
    WHERE simulation_report.email = excluded.email
    RETURNING id, slug, (xmax = 0) AS created, notify_mail_id IS NOT DISTINCT FROM p_mail_id AS claimed
  ), engagement AS (
    INSERT INTO lead_engagement (lead_id, kind, ref_id) SELECT (SELECT id FROM lead_row), 'simulation_attempt', id FROM stored
    ON CONFLICT DO NOTHING
  ), mail AS (
    INSERT INTO outbox (id, to_address, subject, text_body, html_body, priority)
    SELECT p_mail_id, p_email, p_mail_subject, p_mail_text, p_mail_html, p_mail_priority FROM stored WHERE claimed
  ), attempts AS (
    SELECT id, total_score, completed_at, dimension_scores FROM simulation_report
    WHERE email = p_email AND simulation_type = p_simulation_type AND result_id <> p_result_id
    UNION ALL
    SELECT id, p_total_score, p_completed_at, p_dimension_scores FROM stored
  ), best AS (
    SELECT id, round(total_score::numeric * 100)::int AS total_bucket,
      coalesce((SELECT jsonb_object_agg(d.key, round((d.value->>'average')::numeric * 100)::int) FROM jsonb_each(attempts.dimension_scores) d), '{}'::jsonb) AS dimension_buckets
    FROM attempts WHERE EXISTS (SELECT 1 FROM stored) ORDER BY total_score DESC, completed_at, id LIMIT 1
  ), old AS (
    SELECT total_bucket, dimension_buckets FROM report_best_attempt
    WHERE simulation_type = p_simulation_type AND email = p_email AND EXISTS (SELECT 1 FROM stored)
  ), kept AS (
    INSERT INTO report_best_attempt (simulation_type, email, report_id, total_bucket, dimension_buckets)
    SELECT p_simulation_type, p_email, id, total_bucket, dimension_buckets FROM best
    ON CONFLICT (simulation_type, email) DO UPDATE
      SET report_id = excluded.report_id, total_bucket = excluded.total_bucket, dimension_buckets = excluded.dimension_buckets
  ), moves AS (
    SELECT dimension, bucket, sum(delta)::int AS delta FROM (
      SELECT ''::text AS dimension, total_bucket AS bucket, -1 AS delta FROM old
      UNION ALL SELECT d.key, d.value::int, -1 FROM old, jsonb_each_text(old.dimension_buckets) d
      UNION ALL SELECT ''::text, total_bucket, 1 FROM best
      UNION ALL SELECT d.key, d.value::int, 1 FROM best, jsonb_each_text(best.dimension_buckets) d
    ) m GROUP BY dimension, bucket HAVING sum(delta) <> 0
  ), histogram AS (
    -- One order for every writer, so two intakes never wait on each other's buckets crosswise.
    INSERT INTO report_score_histogram (simulation_type, dimension, bucket, candidates)
    SELECT p_simulation_type, dimension, bucket, delta FROM moves ORDER BY dimension, bucket
    ON CONFLICT (simulation_type, dimension, bucket) DO UPDATE SET candidates = report_score_histogram.candidates + excluded.candidates
  )
  SELECT id, slug, created, claimed, (SELECT simulation_type FROM prior WHERE simulation_type <> p_simulation_type) FROM stored;
  -- The same resultId under another address: nothing may stay written (the lead above); the caller answers 409.
  IF NOT FOUND THEN
    RAISE EXCEPTION 'report_owner_conflict' USING ERRCODE = 'FF409';
  END IF;
END;
$$;
