-- The funnel's reports per source (issue 23 §4) read each report's lead: joined at read time that was
-- a scan of every lead (p95 398 ms at 1,000,000 leads and 150,000 reports). Each report now carries
-- its lead's visit source, kept by triggers whoever writes: the report's lead is set or changed
-- (intake, import, merge, a deleted lead), or a lead's source is set (its first form from a visit).
ALTER TABLE "simulation_report" ADD COLUMN "visit_source" text;--> statement-breakpoint
-- A lead's reports (the source moves with them; a merge moves them to another lead).
CREATE INDEX "simulation_report_lead_idx" ON "simulation_report" ("lead_id");--> statement-breakpoint
CREATE FUNCTION "report_visit_source"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.visit_source := CASE WHEN NEW.lead_id IS NULL THEN NULL ELSE (SELECT visit_source FROM lead WHERE id = NEW.lead_id) END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_visit_source" BEFORE INSERT OR UPDATE OF "lead_id" ON "simulation_report" FOR EACH ROW EXECUTE FUNCTION report_visit_source();--> statement-breakpoint
-- Row-level with a column list: an update that does not set visit_source (a bulk change of 100,000
-- leads) never calls it, and one that sets it to the same value is filtered by WHEN.
CREATE FUNCTION "lead_visit_source_to_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE simulation_report SET visit_source = NEW.visit_source WHERE lead_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_visit_source_to_reports" AFTER UPDATE OF "visit_source" ON "lead" FOR EACH ROW
  WHEN (OLD.visit_source IS DISTINCT FROM NEW.visit_source) EXECUTE FUNCTION lead_visit_source_to_reports();--> statement-breakpoint
UPDATE simulation_report r SET visit_source = l.visit_source FROM lead l WHERE l.id = r.lead_id AND l.visit_source IS NOT NULL;
