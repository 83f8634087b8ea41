-- Statement triggers that had nothing to do still paid for planning their work. On the embedded database,
-- where every statement holds the whole database, an import writes batches of a few hundred rows, and each
-- batch's one statement paid twice (measured with EXPLAIN ANALYZE on PGlite at 250,000 leads):
-- - the activity's trigger called lead_score_refresh with no leads (an import's and an assignment's rows
--   are not rescored): ~10 ms of planning an UPDATE that matches nothing;
-- - the UPDATE part of the batch's statement changed no lead when every row was new, and the funnel's
--   update trigger planned its two statements anyway: 1–5 ms.
-- A write that has leads to rescore, or leads it updated, runs exactly as before.
ALTER FUNCTION "lead_score_refresh"(uuid[]) RENAME TO "lead_score_refresh_listed";--> statement-breakpoint
CREATE FUNCTION "lead_score_refresh"("p_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_ids), 0) > 0 THEN
    PERFORM lead_score_refresh_listed(p_ids);
  END IF;
END
$$;--> statement-breakpoint
-- As in 0030, after a check that the statement updated any lead.
CREATE OR REPLACE FUNCTION "lead_funnel_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM new_leads) THEN
    RETURN NULL;
  END IF;
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
$$;
