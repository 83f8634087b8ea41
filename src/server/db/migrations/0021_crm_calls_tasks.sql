-- Issue 23 §1 "Log a call" and §2 "Tasks", "Daily digest": calls logged against a lead, a lead's tasks,
-- each owner's digest e-mail of the day (claimed once per owner and day) and the owner's opt-out.
CREATE TABLE "lead_call" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"staff_id" uuid,
	"outcome" text NOT NULL,
	"note" text,
	"follow_up_date" date,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_call_outcome_check" CHECK ("lead_call"."outcome" in ('connected', 'no_answer', 'call_back', 'wrong_number'))
);
--> statement-breakpoint
ALTER TABLE "lead_call" ADD CONSTRAINT "lead_call_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_call" ADD CONSTRAINT "lead_call_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_call_lead_idx" ON "lead_call" USING btree ("lead_id","at");--> statement-breakpoint
CREATE INDEX "lead_call_staff_idx" ON "lead_call" USING btree ("staff_id","at");--> statement-breakpoint
CREATE TABLE "lead_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"owner_id" uuid,
	"title" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_task_title_check" CHECK (length("lead_task"."title") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_task_lead_idx" ON "lead_task" USING btree ("lead_id","due_at");--> statement-breakpoint
CREATE INDEX "lead_task_owner_open_idx" ON "lead_task" USING btree ("owner_id","due_at","id") WHERE "done_at" IS NULL;--> statement-breakpoint
-- My tasks and the digest page through an owner's follow-ups by day.
CREATE INDEX "lead_owner_follow_up_idx" ON "lead" USING btree ("lead_owner","follow_up_date","id") WHERE "follow_up_date" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "daily_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "crm_digest" (
	"owner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_until" timestamp with time zone,
	"mail_id" uuid,
	"items" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "crm_digest_owner_id_day_pk" PRIMARY KEY("owner_id","day"),
	CONSTRAINT "crm_digest_status_check" CHECK ("crm_digest"."status" in ('pending', 'queued', 'empty'))
);
--> statement-breakpoint
ALTER TABLE "crm_digest" ADD CONSTRAINT "crm_digest_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_digest_pending_idx" ON "crm_digest" USING btree ("day") WHERE "status" = 'pending';
