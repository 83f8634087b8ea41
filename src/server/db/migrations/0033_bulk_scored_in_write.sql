-- Issue 23 §1 (100,000 leads in ≤ 10 s): a bulk change works each lead's new score out in its own UPDATE
-- (bulk-job.ts, from the facts the lead keeps; an owner, priority or follow-up date does not change it),
-- then writes the leads' activity. The activity's trigger rescored those leads again from their
-- engagements and found nothing to change: 450 ms of every 5,000-lead batch at 1.5 million leads, about
-- as long as the UPDATE itself. A writer that has scored its leads says so for its transaction
-- (`crm.scored_in_write`); the trigger then scores only its leads never scored (no facts yet).
CREATE OR REPLACE FUNCTION "lead_score_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('crm.scored_in_write', true) = 'on' THEN
    PERFORM lead_score_refresh(ARRAY(
      SELECT DISTINCT n.lead_id FROM new_rows n JOIN lead l ON l.id = n.lead_id
      WHERE n.kind NOT IN ('import', 'assign') AND l.score_facts IS NULL));
  ELSE
    PERFORM lead_score_refresh(ARRAY(SELECT DISTINCT lead_id FROM new_rows WHERE kind NOT IN ('import', 'assign')));
  END IF;
  RETURN NULL;
END
$$;
