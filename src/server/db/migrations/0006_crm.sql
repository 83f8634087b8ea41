-- Trigram indexes for the CRM's substring search; a trusted extension on PostgreSQL 13+, bundled with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "lead_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"staff_id" uuid,
	"kind" text NOT NULL,
	"field" text,
	"from_value" text,
	"to_value" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_engagement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "lead_created_idx";--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "resume_url" text;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "lead_owner" uuid;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "priority" text DEFAULT 'Medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "lead_stage" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "lead_status" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "is_paid" boolean GENERATED ALWAYS AS (lead_status like 'CW - %') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "latest_call_date" date;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "latest_call_time" time;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "call_date" date;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "follow_up_date" date;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "action_items" text;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "payment_page_url" text;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "txn_reference" text;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "txn_reference1" text;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "sale_amount" integer;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "collected_amount" integer;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "pending_amount" integer GENERATED ALWAYS AS (sale_amount - coalesce(collected_amount, 0)) STORED;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "batch_name" text;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_change" ADD CONSTRAINT "lead_change_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_change" ADD CONSTRAINT "lead_change_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_engagement" ADD CONSTRAINT "lead_engagement_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_change_lead_idx" ON "lead_change" USING btree ("lead_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_engagement_ref_idx" ON "lead_engagement" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "lead_engagement_lead_idx" ON "lead_engagement" USING btree ("lead_id","at");--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_lead_owner_staff_id_fk" FOREIGN KEY ("lead_owner") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_view_created_idx" ON "lead" USING btree ("is_paid","created_at","id");--> statement-breakpoint
CREATE INDEX "lead_status_created_idx" ON "lead" USING btree ("lead_status","created_at","id");--> statement-breakpoint
CREATE INDEX "lead_stage_created_idx" ON "lead" USING btree ("lead_stage","created_at","id");--> statement-breakpoint
CREATE INDEX "lead_owner_status_idx" ON "lead" USING btree ("lead_owner","lead_status","created_at");--> statement-breakpoint
CREATE INDEX "lead_follow_up_idx" ON "lead" USING btree ("follow_up_date") WHERE follow_up_date is not null;--> statement-breakpoint
CREATE INDEX "lead_pending_idx" ON "lead" USING btree ("is_paid","pending_amount") WHERE pending_amount > 0;--> statement-breakpoint
CREATE INDEX "lead_full_name_trgm_idx" ON "lead" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_email_trgm_idx" ON "lead" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_mobile_trgm_idx" ON "lead" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lead_created_idx" ON "lead" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_sale_amount_check" CHECK (sale_amount is null or sale_amount >= 0);--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_collected_amount_check" CHECK (collected_amount is null or (collected_amount >= 0 and collected_amount <= coalesce(sale_amount, 0)));--> statement-breakpoint
-- Indian mobiles stored without their country code get 91, as normaliseMobile now writes them, so they match.
UPDATE "lead" SET "mobile" = '91' || right("mobile", 10) WHERE "mobile" ~ '^0?[6-9][0-9]{9}$';
