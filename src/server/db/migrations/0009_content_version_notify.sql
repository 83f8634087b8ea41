-- Every new content version is announced on the channel "content_version" (payload: the version), in
-- the transaction that made it, so it reaches listeners when that transaction commits and never if it
-- rolls back. The embedded server keeps its version from these announcements instead of reading the
-- row on every public request (platform/content-version.ts). A trigger on the row itself catches the
-- content triggers and any direct update alike.
CREATE OR REPLACE FUNCTION announce_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_version', NEW."version"::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER content_version_announce AFTER UPDATE ON "content_version"
  FOR EACH ROW EXECUTE FUNCTION announce_content_version();
