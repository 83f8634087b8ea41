-- The mobile key lead matching uses (features/leads/service.ts normaliseMobile): digits only, an Indian
-- mobile typed without its country code gets 91, fewer than six digits is no key.
CREATE FUNCTION "lead_mobile_key"("mobile" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT CASE
    WHEN d ~ '^0?[6-9][0-9]{9}$' THEN '91' || right(d, 10)
    WHEN length(d) >= 6 THEN d
  END
  FROM (SELECT regexp_replace(mobile, '[^0-9]', '', 'g') AS d) AS digits
$$;--> statement-breakpoint
-- Fix Duplicates: only leads stored under a key other than their normalised one can share a key with a
-- lead that differs from them (e-mail is unique as stored), so these partial indexes hold only those
-- few leads and the search joins them to the normalised ones through lead_email_unique / lead_mobile_idx.
CREATE INDEX "lead_email_key_unnormalised_idx" ON "lead" USING btree (lower(trim("email"))) WHERE "email" <> lower(trim("email"));--> statement-breakpoint
CREATE INDEX "lead_mobile_key_unnormalised_idx" ON "lead" USING btree (lead_mobile_key("mobile")) WHERE "mobile" IS DISTINCT FROM lead_mobile_key("mobile");--> statement-breakpoint
CREATE TABLE "lead_merge_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"phase" text DEFAULT 'finding' NOT NULL,
	"started_by" uuid,
	"groups_found" integer,
	"groups_merged" integer DEFAULT 0 NOT NULL,
	"merged" integer DEFAULT 0 NOT NULL,
	"updated_leads" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"error" text,
	"claimed_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "lead_merge_job_status_check" CHECK ("lead_merge_job"."status" in ('running', 'done', 'cancelled', 'failed')),
	CONSTRAINT "lead_merge_job_phase_check" CHECK ("lead_merge_job"."phase" in ('finding', 'merging'))
);
--> statement-breakpoint
ALTER TABLE "lead_merge_job" ADD CONSTRAINT "lead_merge_job_started_by_staff_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_merge_job_one_running_idx" ON "lead_merge_job" USING btree ((true)) WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "lead_merge_job_started_idx" ON "lead_merge_job" USING btree ("started_at");
