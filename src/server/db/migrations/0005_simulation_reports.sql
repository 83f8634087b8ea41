CREATE TABLE "candidate_login_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_session" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "simulation_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" text NOT NULL,
	"slug" text NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"simulation_type" text NOT NULL,
	"simulation_slug" text,
	"company" text,
	"total_score" double precision NOT NULL,
	"overall_summary" text DEFAULT '' NOT NULL,
	"dimension_scores" jsonb NOT NULL,
	"skill_feedback" jsonb NOT NULL,
	"case_study_details" jsonb,
	"candidate_responses" jsonb NOT NULL,
	"pdf_report_link" text,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lead_id" uuid,
	"notified_at" timestamp with time zone,
	"notify_mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulation_report_result_id_unique" UNIQUE("result_id"),
	CONSTRAINT "simulation_report_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulation_report" ADD CONSTRAINT "simulation_report_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_login_code_email_idx" ON "candidate_login_code" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "candidate_session_expires_idx" ON "candidate_session" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "simulation_report_email_idx" ON "simulation_report" USING btree ("email","completed_at");--> statement-breakpoint
CREATE INDEX "simulation_report_completed_idx" ON "simulation_report" USING btree ("completed_at","id");--> statement-breakpoint
CREATE INDEX "simulation_report_unnotified_idx" ON "simulation_report" USING btree ("notified_at","completed_at");--> statement-breakpoint
CREATE INDEX "outbox_priority_idx" ON "outbox" USING btree ("status","priority","next_attempt_at");