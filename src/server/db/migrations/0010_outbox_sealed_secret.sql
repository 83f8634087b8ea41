ALTER TABLE "outbox" ADD COLUMN "secret_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_secret_expiry_idx" ON "outbox" USING btree ("secret_expires_at") WHERE "outbox"."secret_sealed" is not null;--> statement-breakpoint
-- Sign-in code e-mails queued before this migration carry the code in clear: blank it out of the
-- stored bodies, and give up those not sent yet (a code lives 10 minutes; the candidate asks again).
UPDATE "outbox" SET
  "text_body" = regexp_replace("text_body", 'sign-in code is [0-9]{6}', 'sign-in code is ******', 'g'),
  "html_body" = regexp_replace("html_body", 'sign-in code is [0-9]{6}', 'sign-in code is ******', 'g'),
  "status" = CASE WHEN "status" = 'pending' THEN 'failed' ELSE "status" END,
  "last_error" = CASE WHEN "status" = 'pending' THEN 'not sent: its sign-in code was removed at an upgrade' ELSE "last_error" END
WHERE "text_body" ~ 'sign-in code is [0-9]{6}';
