CREATE TABLE "application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"country_code" text NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"linked_in" text NOT NULL,
	"current_role" text NOT NULL,
	"experience" text NOT NULL,
	"motivation" text NOT NULL,
	"target_roles" text[] NOT NULL,
	"skill_assessment" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"resume_file_id" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_resume_file_id_stored_file_id_fk" FOREIGN KEY ("resume_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_submitted_idx" ON "application" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "application_status_submitted_idx" ON "application" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "application_email_idx" ON "application" USING btree ("email");