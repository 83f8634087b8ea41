-- The board's columns (issue 23 §1): the sum of sale amounts per stage, kept with the counts the tallies
-- already hold, so a column's "₹ total" is read from a few hundred rows however many leads there are.
LOCK TABLE "lead" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "lead_tally" ADD COLUMN "sale" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_follow_up_tally" ADD COLUMN "sale" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TYPE "lead_tally_change" ADD ATTRIBUTE "sale" bigint;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_tally_apply"("changes" lead_tally_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_tally AS t (is_paid, lead_stage, lead_status, lead_owner, leads, pending, sale)
  SELECT is_paid, lead_stage, lead_status, lead_owner, sum(leads), sum(pending), sum(sale) FROM unnest(changes)
  GROUP BY 1, 2, 3, 4 HAVING sum(leads) <> 0 OR sum(pending) <> 0 OR sum(sale) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT lead_tally_key DO UPDATE SET leads = t.leads + excluded.leads, pending = t.pending + excluded.pending, sale = t.sale + excluded.sale;
  INSERT INTO lead_follow_up_tally AS t (follow_up_date, is_paid, lead_stage, lead_status, lead_owner, leads, pending, sale)
  SELECT follow_up_date, is_paid, lead_stage, lead_status, lead_owner, sum(leads), sum(pending), sum(sale) FROM unnest(changes) WHERE follow_up_date IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(leads) <> 0 OR sum(pending) <> 0 OR sum(sale) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT lead_follow_up_tally_key DO UPDATE SET leads = t.leads + excluded.leads, pending = t.pending + excluded.pending, sale = t.sale + excluded.sale;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_tally_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lead_tally_apply(ARRAY(
      SELECT ROW(is_paid, lead_stage, lead_status, lead_owner, follow_up_date, count(*), sum(greatest(pending_amount, 0)), coalesce(sum(sale_amount), 0))::lead_tally_change
      FROM new_leads GROUP BY is_paid, lead_stage, lead_status, lead_owner, follow_up_date));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lead_tally_apply(ARRAY(
      SELECT ROW(is_paid, lead_stage, lead_status, lead_owner, follow_up_date, -count(*), -sum(greatest(pending_amount, 0)), -coalesce(sum(sale_amount), 0))::lead_tally_change
      FROM old_leads GROUP BY is_paid, lead_stage, lead_status, lead_owner, follow_up_date));
  ELSE
    PERFORM lead_tally_apply(ARRAY(
      SELECT ROW(is_paid, lead_stage, lead_status, lead_owner, follow_up_date, count(*), sum(greatest(pending_amount, 0)), coalesce(sum(sale_amount), 0))::lead_tally_change
      FROM new_leads GROUP BY is_paid, lead_stage, lead_status, lead_owner, follow_up_date
      UNION ALL
      SELECT ROW(is_paid, lead_stage, lead_status, lead_owner, follow_up_date, -count(*), -sum(greatest(pending_amount, 0)), -coalesce(sum(sale_amount), 0))::lead_tally_change
      FROM old_leads GROUP BY is_paid, lead_stage, lead_status, lead_owner, follow_up_date));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The leads already there (the lock above keeps writers out until the end of the migration).
UPDATE "lead_tally" AS t SET "sale" = s.sale
FROM (SELECT is_paid, lead_stage, lead_status, lead_owner, coalesce(sum(sale_amount), 0) AS sale FROM lead GROUP BY 1, 2, 3, 4) AS s
WHERE t.is_paid = s.is_paid AND t.lead_stage = s.lead_stage AND t.lead_status = s.lead_status AND t.lead_owner IS NOT DISTINCT FROM s.lead_owner;--> statement-breakpoint
UPDATE "lead_follow_up_tally" AS t SET "sale" = s.sale
FROM (SELECT follow_up_date, is_paid, lead_stage, lead_status, lead_owner, coalesce(sum(sale_amount), 0) AS sale FROM lead WHERE follow_up_date IS NOT NULL GROUP BY 1, 2, 3, 4, 5) AS s
WHERE t.follow_up_date = s.follow_up_date AND t.is_paid = s.is_paid AND t.lead_stage = s.lead_stage AND t.lead_status = s.lead_status AND t.lead_owner IS NOT DISTINCT FROM s.lead_owner;--> statement-breakpoint
-- Bulk actions (issue 23 §1): one change applied to many leads by a claimed background job. Each batch
-- advances `cursor_at`/`cursor_id` (the keyset of the last lead gone through) in the transaction that
-- changes its leads, so a job whose process died is resumed by another exactly where it stopped.
CREATE TABLE "lead_bulk_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_by" uuid,
	"action" jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"total" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"skip_reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"skipped_leads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cursor_at" text,
	"cursor_id" uuid,
	"claim_token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "lead_bulk_job_status_check" CHECK ("lead_bulk_job"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "lead_bulk_job" ADD CONSTRAINT "lead_bulk_job_started_by_staff_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_bulk_job_one_running_idx" ON "lead_bulk_job" USING btree ("started_by") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "lead_bulk_job_lapsed_idx" ON "lead_bulk_job" USING btree ("claimed_until") WHERE status = 'running';
