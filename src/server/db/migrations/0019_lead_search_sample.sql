-- A fixed one-in-sixteen sample of the leads, for the "about" count of a free-text search (issue 21
-- item 2): the leads whose id's last byte is a multiple of 16 (ids are random, so these are any
-- sixteenth of the leads), with the columns the search and the filter bar look at. The statement-level
-- triggers below keep it current in the same transaction as every write to `lead` (as the tallies of
-- 0017), so an estimate right after an import of 100,000 rows is as good as any other (no ANALYZE).
-- `core` is a one-in-256 part of it, for fragments that match so many leads that it is enough.
CREATE FUNCTION "lead_sampled"("id" uuid) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT get_byte(uuid_send(id), 15) % 16 = 0
$$;--> statement-breakpoint
CREATE TABLE "lead_search_sample" (
	"id" uuid PRIMARY KEY NOT NULL,
	"core" boolean GENERATED ALWAYS AS (get_byte(uuid_send(id), 14) % 16 = 0) STORED NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"is_paid" boolean NOT NULL,
	"lead_stage" text NOT NULL,
	"lead_status" text NOT NULL,
	"lead_owner" uuid,
	"follow_up_date" date,
	"pending_amount" integer
);
--> statement-breakpoint
CREATE FUNCTION "lead_search_sample_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A lead's id never changes, so an update only rewrites the sampled rows it touched.
  IF TG_OP = 'DELETE' THEN
    DELETE FROM lead_search_sample s USING old_leads o WHERE lead_sampled(o.id) AND s.id = o.id;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the sampled rows whose searched or filtered columns changed (an edit of the notes writes nothing).
    UPDATE lead_search_sample s SET full_name = n.full_name, email = n.email, mobile = n.mobile, is_paid = n.is_paid,
      lead_stage = n.lead_stage, lead_status = n.lead_status, lead_owner = n.lead_owner, follow_up_date = n.follow_up_date,
      pending_amount = n.pending_amount
    FROM new_leads n WHERE lead_sampled(n.id) AND s.id = n.id
      AND (s.full_name, s.email, s.mobile, s.is_paid, s.lead_stage, s.lead_status, s.lead_owner, s.follow_up_date, s.pending_amount)
        IS DISTINCT FROM (n.full_name, n.email, n.mobile, n.is_paid, n.lead_stage, n.lead_status, n.lead_owner, n.follow_up_date, n.pending_amount);
  ELSE
    INSERT INTO lead_search_sample (id, full_name, email, mobile, is_paid, lead_stage, lead_status, lead_owner, follow_up_date, pending_amount)
    SELECT id, full_name, email, mobile, is_paid, lead_stage, lead_status, lead_owner, follow_up_date, pending_amount FROM new_leads WHERE lead_sampled(id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_search_sample_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_search_sample;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_search_sample_insert" AFTER INSERT ON "lead" REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_search_sample_write();--> statement-breakpoint
CREATE TRIGGER "lead_search_sample_update" AFTER UPDATE ON "lead" REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_search_sample_write();--> statement-breakpoint
CREATE TRIGGER "lead_search_sample_delete" AFTER DELETE ON "lead" REFERENCING OLD TABLE AS old_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_search_sample_write();--> statement-breakpoint
CREATE TRIGGER "lead_search_sample_truncate" AFTER TRUNCATE ON "lead" FOR EACH STATEMENT EXECUTE FUNCTION lead_search_sample_clear();--> statement-breakpoint
-- The leads already there (the triggers above hold the table's lock from here to the end of the migration).
INSERT INTO lead_search_sample (id, full_name, email, mobile, is_paid, lead_stage, lead_status, lead_owner, follow_up_date, pending_amount)
SELECT id, full_name, email, mobile, is_paid, lead_stage, lead_status, lead_owner, follow_up_date, pending_amount FROM lead WHERE lead_sampled(id);--> statement-breakpoint
-- As the lead's own trigram indexes (0006): a fragment's matches in the sample are found, not scanned for.
CREATE INDEX "lead_search_sample_full_name_trgm_idx" ON "lead_search_sample" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_search_sample_email_trgm_idx" ON "lead_search_sample" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_search_sample_mobile_trgm_idx" ON "lead_search_sample" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
-- The same over the core alone: its matches are found as cheaply (a common fragment's, a few hundred of 5,000 at 1.5M leads).
CREATE INDEX "lead_search_sample_core_full_name_trgm_idx" ON "lead_search_sample" USING gin ("full_name" gin_trgm_ops) WHERE "core";--> statement-breakpoint
CREATE INDEX "lead_search_sample_core_email_trgm_idx" ON "lead_search_sample" USING gin ("email" gin_trgm_ops) WHERE "core";--> statement-breakpoint
CREATE INDEX "lead_search_sample_core_mobile_trgm_idx" ON "lead_search_sample" USING gin ("mobile" gin_trgm_ops) WHERE "core";--> statement-breakpoint
ANALYZE "lead_search_sample";
