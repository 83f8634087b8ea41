-- Issue 23 §3: the lead score, kept by the database in the transaction of each engagement; §2: assignment rules.
-- See src/shared/crm/lead-score.ts for what the score means and why a key is stored rather than a number.
ALTER TABLE "lead" ADD COLUMN "score_key" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "score_facts" jsonb;--> statement-breakpoint
-- "Highest score first" in a tab, keyset by (score_key, id), as lead_view_created_idx serves newest first.
CREATE INDEX "lead_view_score_idx" ON "lead" USING btree ("is_paid","score_key","id");--> statement-breakpoint
-- The weights (written by the server from lead-score.ts when it starts) and where the rescoring job stands:
-- `rescore_after` is the last lead id rescored with these weights, `rescored` true once every lead is.
CREATE TABLE "lead_score_setting" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"weights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rescore_after" uuid,
	"rescored" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_score_setting_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "lead_score_setting" ("id") VALUES (1);--> statement-breakpoint
-- Rescores the given leads, set-based: the facts of their engagements (best simulation total and attempts,
-- application and its latest status, brochure, last engagement) and of the sales pipeline, the points the
-- weights give them, and the key of lead-score.ts. A lead whose key and facts are unchanged is not written.
-- Without weights (before the server first starts) nothing is written.
CREATE FUNCTION "lead_score_refresh"("p_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH w AS (
    SELECT weights AS w FROM lead_score_setting WHERE id = 1 AND weights ? 'halfLifeDays'
  ), facts AS (
    SELECT l.id, l.lead_stage, l.lead_status, l.latest_call_date, g.sim_best, coalesce(g.sim_attempts, 0) AS sim_attempts,
      g.applied_at, g.application_status, g.brochure_at, coalesce(g.engaged_at, l.created_at) AS engaged_at
    FROM lead l
    LEFT JOIN LATERAL (
      SELECT max(r.total_score) AS sim_best,
        count(*) FILTER (WHERE e.kind = 'simulation_attempt') AS sim_attempts,
        max(e.at) FILTER (WHERE e.kind = 'application') AS applied_at,
        (array_agg(a.status ORDER BY e.at DESC) FILTER (WHERE a.status IS NOT NULL))[1] AS application_status,
        max(e.at) FILTER (WHERE e.kind = 'brochure_download') AS brochure_at,
        max(e.at) AS engaged_at
      FROM lead_engagement e
      LEFT JOIN simulation_report r ON e.kind = 'simulation_attempt' AND r.id = e.ref_id
      LEFT JOIN application a ON e.kind = 'application' AND a.id = e.ref_id
      WHERE e.lead_id = l.id
    ) g ON true
    WHERE l.id = ANY(p_ids)
  ), scored AS (
    SELECT f.*, greatest(0, least(100,
        coalesce(f.sim_best * (w->>'simulationPerPoint')::float8, 0)
      + coalesce((SELECT (b->>'points')::float8 FROM jsonb_array_elements(w->'simulationBands') b
                  WHERE f.sim_best >= (b->>'min')::float8 ORDER BY (b->>'min')::float8 DESC LIMIT 1), 0)
      + least(greatest(f.sim_attempts - 1, 0), (w->>'extraAttemptsMax')::int) * (w->>'extraAttempt')::float8
      + CASE WHEN f.applied_at IS NULL THEN 0
          ELSE (w->>'application')::float8 + coalesce((w->'applicationStatus'->>f.application_status)::float8, 0) END
      + CASE WHEN f.brochure_at IS NULL THEN 0 ELSE (w->>'brochure')::float8 END
      + coalesce((w->'stage'->>f.lead_stage)::float8, 0)
      + coalesce((w->'status'->>f.lead_status)::float8, 0)
      + CASE WHEN f.latest_call_date IS NULL THEN 0 ELSE (w->>'callLogged')::float8 END
    )) AS points, ln(2) / (w->>'halfLifeDays')::float8 AS decay
    FROM facts f, w
  ), keyed AS (
    SELECT id, ln(points + 1) + extract(epoch FROM engaged_at)::float8 / 86400 * decay AS key,
      jsonb_build_object('points', points, 'simBest', sim_best, 'simAttempts', sim_attempts, 'appliedAt', applied_at,
        'applicationStatus', application_status, 'brochureAt', brochure_at, 'engagedAt', engaged_at) AS facts
    FROM scored
  )
  UPDATE lead l SET score_key = k.key, score_facts = k.facts
  FROM keyed k
  WHERE l.id = k.id AND (l.score_key, l.score_facts) IS DISTINCT FROM (k.key, k.facts);
$$;--> statement-breakpoint
-- Each kind of engagement rescores its leads in the statement's own transaction (statement-level, so an
-- import batch or Sync All Data is one set-based call): a new engagement (application, brochure request,
-- report — also the report webhook's one statement), an application's status, a report's total score,
-- and the sales side (each change staff make; a merge). Import batches are left out, to keep the import of a
-- million rows within its minute: an imported lead's pipeline counts from its next engagement or edit (or a rescoring).
CREATE FUNCTION "lead_score_on_engagement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_score_refresh(ARRAY(SELECT DISTINCT lead_id FROM new_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_score_engagement" AFTER INSERT ON "lead_engagement" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_score_on_engagement();--> statement-breakpoint
CREATE FUNCTION "lead_score_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_score_refresh(ARRAY(SELECT DISTINCT lead_id FROM new_rows WHERE kind NOT IN ('import', 'assign')));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_score_change" AFTER INSERT ON "lead_change" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_score_on_change();--> statement-breakpoint
-- An application's status, a report's total: the leads of the engagements whose row changed that column
-- (TG_ARGV: the engagement kind, the column).
CREATE FUNCTION "lead_score_on_ref_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_score_refresh(ARRAY(
    SELECT DISTINCT e.lead_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN lead_engagement e ON e.kind = TG_ARGV[0] AND e.ref_id = n.id
    WHERE to_jsonb(n) -> TG_ARGV[1] IS DISTINCT FROM to_jsonb(o) -> TG_ARGV[1]));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_score_application" AFTER UPDATE ON "application" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_score_on_ref_change('application', 'status');--> statement-breakpoint
CREATE TRIGGER "lead_score_report" AFTER UPDATE ON "simulation_report" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_score_on_ref_change('simulation_attempt', 'total_score');--> statement-breakpoint
-- Assignment rules (issue 23 §2): one per source a new lead can come from; round robin over `staff_ids`
-- (in their order), or `owner` (the first of `staff_ids`). No row: new leads of that source stay unassigned.
CREATE TABLE "lead_assignment_rule" (
	"source" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"staff_ids" uuid[] DEFAULT '{}' NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_assignment_rule_source_check" CHECK ("source" IN ('application', 'brochure_download', 'simulation_attempt', 'csv_import')),
	CONSTRAINT "lead_assignment_rule_mode_check" CHECK ("mode" IN ('round_robin', 'owner'))
);--> statement-breakpoint
ALTER TABLE "lead_assignment_rule" ADD CONSTRAINT "lead_assignment_rule_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- New leads, in the statement that created them (the capture's transaction): each source's rule advances its
-- round-robin position by the number of new leads in one UPDATE (its row lock orders concurrent captures),
-- the leads get the active sales staff at the following positions (deactivated staff, or staff who lost the
-- CRM role, are skipped), and the activity says which rule assigned them. With no rule at all it costs one probe.
CREATE FUNCTION "lead_assign_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM lead_assignment_rule) THEN
    RETURN NULL;
  END IF;
  WITH fresh AS (
    SELECT id, source_type, row_number() OVER (PARTITION BY source_type ORDER BY created_at, id) - 1 AS k
    FROM new_leads WHERE lead_owner IS NULL
  ), counts AS (
    SELECT source_type, count(*) AS n FROM fresh GROUP BY source_type
  ), advanced AS (
    UPDATE lead_assignment_rule r SET position = r.position + c.n
    FROM counts c WHERE r.source = c.source_type
    RETURNING r.source, r.mode, r.staff_ids, r.position - c.n AS start
  ), pool AS (
    SELECT a.source, s.id AS staff_id, s.name, row_number() OVER (PARTITION BY a.source ORDER BY u.ord) - 1 AS slot,
      count(*) OVER (PARTITION BY a.source) AS size
    FROM advanced a
    CROSS JOIN LATERAL unnest(CASE WHEN a.mode = 'owner' THEN a.staff_ids[1:1] ELSE a.staff_ids END) WITH ORDINALITY AS u(id, ord)
    JOIN staff s ON s.id = u.id AND s.disabled_at IS NULL AND s.roles && ARRAY['admin', 'sales']::text[]
  ), picked AS (
    SELECT f.id, p.staff_id, p.name, a.source
    FROM fresh f JOIN advanced a ON a.source = f.source_type
    JOIN pool p ON p.source = a.source AND p.slot = (a.start + f.k) % p.size
  ), assigned AS (
    UPDATE lead l SET lead_owner = p.staff_id FROM picked p WHERE l.id = p.id RETURNING l.id, p.name, p.source
  )
  INSERT INTO lead_change (lead_id, staff_id, kind, field, from_value, to_value)
  SELECT id, NULL, 'assign', 'leadOwner', source, name FROM assigned;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_assign_new" AFTER INSERT ON "lead" REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_assign_new();
