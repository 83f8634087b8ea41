CREATE TABLE "lead_follow_up_tally" (
	"follow_up_date" date NOT NULL,
	"is_paid" boolean NOT NULL,
	"lead_stage" text NOT NULL,
	"lead_status" text NOT NULL,
	"lead_owner" uuid,
	"leads" bigint NOT NULL,
	"pending" bigint NOT NULL,
	CONSTRAINT "lead_follow_up_tally_key" UNIQUE NULLS NOT DISTINCT("follow_up_date","is_paid","lead_stage","lead_status","lead_owner")
);
--> statement-breakpoint
CREATE TABLE "lead_tally" (
	"is_paid" boolean NOT NULL,
	"lead_stage" text NOT NULL,
	"lead_status" text NOT NULL,
	"lead_owner" uuid,
	"leads" bigint NOT NULL,
	"pending" bigint NOT NULL,
	CONSTRAINT "lead_tally_key" UNIQUE NULLS NOT DISTINCT("is_paid","lead_stage","lead_status","lead_owner")
);
--> statement-breakpoint
-- One lead's contribution to the tallies: +1 (and its pending amount) for a row a statement wrote, -1 for a row it replaced or removed.
CREATE TYPE "lead_tally_change" AS ("is_paid" boolean, "lead_stage" text, "lead_status" text, "lead_owner" uuid, "follow_up_date" date, "leads" bigint, "pending" bigint);--> statement-breakpoint
-- Adds a statement's changes to both tallies, in key order (two writers lock tally rows in the same order: no deadlock);
-- keys whose changes cancel out (an edit of the notes) write nothing.
CREATE FUNCTION "lead_tally_apply"("changes" lead_tally_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_tally AS t (is_paid, lead_stage, lead_status, lead_owner, leads, pending)
  SELECT is_paid, lead_stage, lead_status, lead_owner, sum(leads), sum(pending) FROM unnest(changes)
  GROUP BY 1, 2, 3, 4 HAVING sum(leads) <> 0 OR sum(pending) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT lead_tally_key DO UPDATE SET leads = t.leads + excluded.leads, pending = t.pending + excluded.pending;
  INSERT INTO lead_follow_up_tally AS t (follow_up_date, is_paid, lead_stage, lead_status, lead_owner, leads, pending)
  SELECT follow_up_date, is_paid, lead_stage, lead_status, lead_owner, sum(leads), sum(pending) FROM unnest(changes) WHERE follow_up_date IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(leads) <> 0 OR sum(pending) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT lead_follow_up_tally_key DO UPDATE SET leads = t.leads + excluded.leads, pending = t.pending + excluded.pending;
$$;--> statement-breakpoint
-- Statement-level, with the statement's rows as transition tables, grouped before they are passed on:
-- an import batch of 10,000 rows (or one statement writing a million) is one call with a few dozen changes.
CREATE FUNCTION "lead_tally_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lead_tally_apply(ARRAY(
      SELECT ROW(is_paid, lead_stage, lead_status, lead_owner, follow_up_date, count(*), sum(greatest(pending_amount, 0)))::lead_tally_change
      FROM new_leads GROUP BY is_paid, lead_stage, lead_status, lead_owner, follow_up_date));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lead_tally_apply(ARRAY(
      SELECT ROW(is_paid, lead_stage, lead_status, lead_owner, follow_up_date, -count(*), -sum(greatest(pending_amount, 0)))::lead_tally_change
      FROM old_leads GROUP BY is_paid, lead_stage, lead_status, lead_owner, follow_up_date));
  ELSE
    PERFORM lead_tally_apply(ARRAY(
      SELECT ROW(is_paid, lead_stage, lead_status, lead_owner, follow_up_date, count(*), sum(greatest(pending_amount, 0)))::lead_tally_change
      FROM new_leads GROUP BY is_paid, lead_stage, lead_status, lead_owner, follow_up_date
      UNION ALL
      SELECT ROW(is_paid, lead_stage, lead_status, lead_owner, follow_up_date, -count(*), -sum(greatest(pending_amount, 0)))::lead_tally_change
      FROM old_leads GROUP BY is_paid, lead_stage, lead_status, lead_owner, follow_up_date));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_tally_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_tally;
  DELETE FROM lead_follow_up_tally;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_tally_insert" AFTER INSERT ON "lead" REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_tally_count();--> statement-breakpoint
CREATE TRIGGER "lead_tally_update" AFTER UPDATE ON "lead" REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_tally_count();--> statement-breakpoint
CREATE TRIGGER "lead_tally_delete" AFTER DELETE ON "lead" REFERENCING OLD TABLE AS old_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_tally_count();--> statement-breakpoint
CREATE TRIGGER "lead_tally_truncate" AFTER TRUNCATE ON "lead" FOR EACH STATEMENT EXECUTE FUNCTION lead_tally_clear();--> statement-breakpoint
-- The leads already there (the triggers above hold the table's lock from here to the end of the migration).
INSERT INTO lead_tally (is_paid, lead_stage, lead_status, lead_owner, leads, pending)
SELECT is_paid, lead_stage, lead_status, lead_owner, count(*), coalesce(sum(greatest(pending_amount, 0)), 0) FROM lead GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO lead_follow_up_tally (follow_up_date, is_paid, lead_stage, lead_status, lead_owner, leads, pending)
SELECT follow_up_date, is_paid, lead_stage, lead_status, lead_owner, count(*), coalesce(sum(greatest(pending_amount, 0)), 0) FROM lead WHERE follow_up_date IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
