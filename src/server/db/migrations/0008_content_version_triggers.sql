-- Every change to what anonymous visitors see moves the content version on, in the edit's own
-- transaction: the public page cache of every process compares it before serving a stored page.
-- A table added later that public pages read gets the same trigger.
INSERT INTO "content_version" ("only", "version") VALUES (true, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "only";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER simulation_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "simulation"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER mentor_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mentor"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
