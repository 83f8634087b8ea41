-- Reports and payments per source (issue 23 §4). A report arrives from the chatbot and a payment from a
-- sales edit, neither from a visit, so the funnel attributes them to the person: the source of the
-- visit from which the lead first sent a form (application or brochure request), kept once and never
-- overwritten (first touch). Adding a nullable column writes no row, even at 1.5 million leads.
ALTER TABLE "lead" ADD COLUMN "visit_source" text;--> statement-breakpoint
-- Conversions and money per week, owner and that source (null: no form from a tracked visit).
ALTER TABLE "crm_week_tally" ADD COLUMN "visit_source" text;--> statement-breakpoint
ALTER TABLE "crm_week_tally" DROP CONSTRAINT "crm_week_tally_key";--> statement-breakpoint
ALTER TABLE "crm_week_tally" ADD CONSTRAINT "crm_week_tally_key" UNIQUE NULLS NOT DISTINCT ("week", "lead_owner", "visit_source");--> statement-breakpoint
-- As in 0025 (EXECUTE: planned when the transition tables exist), now grouped by the lead's source too.
CREATE OR REPLACE FUNCTION "lead_funnel_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
  INSERT INTO crm_week_tally AS t (week, lead_owner, visit_source, paid, revenue, collected)
  SELECT crm_week_of(now()), n.lead_owner, n.visit_source,
    count(*) FILTER (WHERE n.is_paid AND NOT o.is_paid),
    coalesce(sum(n.sale_amount) FILTER (WHERE n.is_paid AND NOT o.is_paid), 0),
    coalesce(sum(coalesce(n.collected_amount, 0) - coalesce(o.collected_amount, 0)), 0)
  FROM new_leads n JOIN old_leads o ON o.id = n.id
  WHERE (n.is_paid AND NOT o.is_paid) OR n.collected_amount IS DISTINCT FROM o.collected_amount
  GROUP BY n.lead_owner, n.visit_source ORDER BY n.lead_owner, n.visit_source
  ON CONFLICT ON CONSTRAINT crm_week_tally_key DO UPDATE
    SET paid = t.paid + excluded.paid, revenue = t.revenue + excluded.revenue, collected = t.collected + excluded.collected
  $q$;
  EXECUTE $q$
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
  ON CONFLICT (lead_id) DO UPDATE SET entered_at = excluded.entered_at
  $q$;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_funnel_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO crm_week_tally AS t (week, lead_owner, visit_source, paid, revenue, collected)
  SELECT crm_week_of(created_at), lead_owner, visit_source, count(*) FILTER (WHERE is_paid),
    coalesce(sum(sale_amount) FILTER (WHERE is_paid), 0), coalesce(sum(collected_amount), 0)
  FROM new_leads WHERE is_paid OR collected_amount > 0
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT crm_week_tally_key DO UPDATE
    SET paid = t.paid + excluded.paid, revenue = t.revenue + excluded.revenue, collected = t.collected + excluded.collected;
  RETURN NULL;
END
$$;
