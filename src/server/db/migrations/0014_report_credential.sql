ALTER TABLE "simulation_report" ADD COLUMN "share_id" text;--> statement-breakpoint
ALTER TABLE "simulation_report" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulation_report" ADD CONSTRAINT "simulation_report_share_id_unique" UNIQUE("share_id");
