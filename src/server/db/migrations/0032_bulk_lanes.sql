-- Bulk changes at a million leads (issue 23 §1, 100,000 leads in ≤ 10 s on PostgreSQL):
-- 1. The job lists its leads once, when it starts, in `lead_bulk_item`: newest first, in chunks of a
--    batch's worth of ids, and each batch reads its chunk by primary key. Each batch used to find its
--    leads again under the filter, newest first after a keyset cursor: for an owner's 100,000 leads
--    spread over a million, a scan of the whole lead table (250 ms of every 5,000-lead batch).
-- 2. The chunks are dealt into lanes (two on PostgreSQL), each gone through in its own transactions,
--    so two lanes write on two cores; `lanes` keeps each lane's last chunk and whether it has ended.
-- A job still running from before this migration starts again from its first lead (its change is
-- made again where it is not yet made; counts restart).
CREATE TABLE "lead_bulk_item" (
	"job_id" uuid NOT NULL,
	"lane" smallint NOT NULL,
	"seq" integer NOT NULL,
	"lead_ids" uuid[] NOT NULL,
	CONSTRAINT "lead_bulk_item_pkey" PRIMARY KEY ("job_id", "lane", "seq")
);--> statement-breakpoint
ALTER TABLE "lead_bulk_item" ADD CONSTRAINT "lead_bulk_item_job_id_lead_bulk_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."lead_bulk_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_bulk_job" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_bulk_job" ADD COLUMN "lanes" jsonb DEFAULT '[{"after":0,"done":false}]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "lead_bulk_job" SET "processed" = 0, "changed" = 0, "unchanged" = 0, "skipped" = 0, "skip_reasons" = '{}'::jsonb, "skipped_leads" = '[]'::jsonb WHERE "status" = 'running';--> statement-breakpoint
ALTER TABLE "lead_bulk_job" DROP COLUMN "cursor_at";--> statement-breakpoint
ALTER TABLE "lead_bulk_job" DROP COLUMN "cursor_id";
