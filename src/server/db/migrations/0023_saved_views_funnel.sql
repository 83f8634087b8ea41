-- Saved views (issue 23 §6): a named list state (the /crm URL's query: tab, search, filters, sort), private or shared.
CREATE TABLE "crm_saved_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL REFERENCES "staff"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One name per owner, whatever its case ("Hot leads" and "hot leads" would be two tabs nobody tells apart).
CREATE UNIQUE INDEX "crm_saved_view_owner_name_key" ON "crm_saved_view" ("owner_id", lower("name"));--> statement-breakpoint
CREATE INDEX "crm_saved_view_shared_idx" ON "crm_saved_view" ("shared") WHERE "shared";--> statement-breakpoint
-- The funnel's sources (issue 23 §4), captured with the first-party events: the visit's UTM parameters and the
-- referring site's host (never its path or query), and whether the event is a visit's first page view.
ALTER TABLE "analytics_event" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "landing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Only the funnel's events, with what it groups by: an index-only scan per range of weeks.
CREATE INDEX "analytics_event_funnel_idx" ON "analytics_event" ("occurred_at", "name", "source", "landing")
	WHERE "landing" OR "name" IN ('simulation_start', 'application_submit');--> statement-breakpoint
-- Money and conversions per week (Monday, Asia/Kolkata) and owner, kept by triggers on lead in the same transaction
-- as the change: a conversion is a lead becoming a Paid User; collected is what a change added to collected_amount.
CREATE TABLE "crm_week_tally" (
	"week" date NOT NULL,
	"lead_owner" uuid,
	"paid" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "crm_week_tally_key" UNIQUE NULLS NOT DISTINCT("week", "lead_owner")
);
--> statement-breakpoint
-- When a lead entered its current stage (only leads whose stage changed; the others since created_at).
CREATE TABLE "lead_stage_entry" (
	"lead_id" uuid PRIMARY KEY NOT NULL REFERENCES "lead"("id") ON DELETE CASCADE,
	"entered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Finished stays per stage by whole days: the median is read from this histogram (a few hundred rows).
CREATE TABLE "lead_stage_stay" (
	"lead_stage" text NOT NULL,
	"days" integer NOT NULL,
	"stays" bigint NOT NULL,
	CONSTRAINT "lead_stage_stay_pkey" PRIMARY KEY("lead_stage", "days")
);
--> statement-breakpoint
CREATE FUNCTION "crm_week_of"("at" timestamp with time zone) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('week', at AT TIME ZONE 'Asia/Kolkata')::date
$$;--> statement-breakpoint
-- Statement-level with transition tables, like lead_tally (0017): a bulk change of 100,000 leads is one call.
CREATE FUNCTION "lead_funnel_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_week_tally AS t (week, lead_owner, paid, revenue, collected)
  SELECT crm_week_of(now()), n.lead_owner,
    count(*) FILTER (WHERE n.is_paid AND NOT o.is_paid),
    coalesce(sum(n.sale_amount) FILTER (WHERE n.is_paid AND NOT o.is_paid), 0),
    coalesce(sum(coalesce(n.collected_amount, 0) - coalesce(o.collected_amount, 0)), 0)
  FROM new_leads n JOIN old_leads o ON o.id = n.id
  WHERE (n.is_paid AND NOT o.is_paid) OR n.collected_amount IS DISTINCT FROM o.collected_amount
  GROUP BY n.lead_owner ORDER BY n.lead_owner
  ON CONFLICT ON CONSTRAINT crm_week_tally_key DO UPDATE
    SET paid = t.paid + excluded.paid, revenue = t.revenue + excluded.revenue, collected = t.collected + excluded.collected;
  WITH moved AS (
    SELECT n.id, o.lead_stage, coalesce(e.entered_at, o.created_at) AS since
    FROM new_leads n JOIN old_leads o ON o.id = n.id LEFT JOIN lead_stage_entry e ON e.lead_id = n.id
    WHERE n.lead_stage <> o.lead_stage
  ), counted AS (
    INSERT INTO lead_stage_stay AS s (lead_stage, days, stays)
    SELECT lead_stage, greatest(floor(extract(epoch FROM now() - since) / 86400), 0)::int, count(*) FROM moved GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT lead_stage_stay_pkey DO UPDATE SET stays = s.stays + excluded.stays
  )
  INSERT INTO lead_stage_entry (lead_id, entered_at) SELECT id, now() FROM moved ORDER BY id
  ON CONFLICT (lead_id) DO UPDATE SET entered_at = excluded.entered_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Leads that arrive paid or with money collected (an import of the old sheet) count in the week they were created.
CREATE FUNCTION "lead_funnel_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_week_tally AS t (week, lead_owner, paid, revenue, collected)
  SELECT crm_week_of(created_at), lead_owner, count(*) FILTER (WHERE is_paid),
    coalesce(sum(sale_amount) FILTER (WHERE is_paid), 0), coalesce(sum(collected_amount), 0)
  FROM new_leads WHERE is_paid OR collected_amount > 0
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT crm_week_tally_key DO UPDATE
    SET paid = t.paid + excluded.paid, revenue = t.revenue + excluded.revenue, collected = t.collected + excluded.collected;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_funnel_insert" AFTER INSERT ON "lead" REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_funnel_insert();--> statement-breakpoint
CREATE TRIGGER "lead_funnel_update" AFTER UPDATE ON "lead" REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_funnel_update();--> statement-breakpoint
-- History from before this migration. Conversions: the week of the change to a Paid User status in the activity log,
-- else of the lead's creation; collected counts in that week too (earlier collections were not dated).
INSERT INTO crm_week_tally (week, lead_owner, paid, revenue, collected)
SELECT crm_week_of(coalesce(
    (SELECT max(c.at) FROM lead_change c WHERE c.lead_id = l.id AND c.field = 'leadStatus' AND c.to_value LIKE 'CW - %'), l.created_at)),
  l.lead_owner, count(*) FILTER (WHERE l.is_paid), coalesce(sum(l.sale_amount) FILTER (WHERE l.is_paid), 0), coalesce(sum(l.collected_amount), 0)
FROM lead l WHERE l.is_paid OR l.collected_amount > 0 GROUP BY 1, 2;--> statement-breakpoint
-- Stays: each stage change in the activity log ends a stay that began at the previous change (or the lead's creation).
INSERT INTO lead_stage_stay (lead_stage, days, stays)
SELECT from_value, greatest(floor(extract(epoch FROM at - since) / 86400), 0)::int, count(*)
FROM (
  SELECT c.from_value, c.at, coalesce(lag(c.at) OVER (PARTITION BY c.lead_id ORDER BY c.at, c.id), l.created_at) AS since
  FROM lead_change c JOIN lead l ON l.id = c.lead_id
  WHERE c.field = 'leadStage' AND c.from_value IS NOT NULL
) changes GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO lead_stage_entry (lead_id, entered_at)
SELECT lead_id, max(at) FROM lead_change WHERE field = 'leadStage' GROUP BY lead_id;--> statement-breakpoint
-- Calls per staff member and period (the funnel's per-owner figures): the call dates staff set, from the activity log.
CREATE INDEX "lead_change_call_idx" ON "lead_change" ("at", "staff_id") WHERE "field" = 'latestCallDate';
