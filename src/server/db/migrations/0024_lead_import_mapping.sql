-- Issue 23 §5: an import's file lives in the database (ARCHITECTURE.md principle 8), as chunks
-- written while it arrives, so any process can read it, a restarted one can resume its import, and
-- no machine's temporary folder holds it.
CREATE TABLE "import_upload" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"sha256" text,
	"columns" jsonb,
	"sample" jsonb,
	"rows" integer,
	"delimiter" text,
	"encoding" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_upload_format_check" CHECK ("import_upload"."format" in ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "import_upload" ADD CONSTRAINT "import_upload_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_upload_created_idx" ON "import_upload" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "import_upload_chunk" (
	"upload_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "import_upload_chunk_pk" PRIMARY KEY ("upload_id", "seq")
);
--> statement-breakpoint
ALTER TABLE "import_upload_chunk" ADD CONSTRAINT "import_upload_chunk_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."import_upload"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A column mapping saved for next time, keyed by the file's set of headers: one per staff member
-- (staff_id) and one shared with the team (staff_id null).
CREATE TABLE "lead_import_mapping" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"header_key" text NOT NULL,
	"staff_id" uuid,
	"mapping" jsonb NOT NULL,
	"saved_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_import_mapping_key" UNIQUE NULLS NOT DISTINCT("header_key", "staff_id")
);
--> statement-breakpoint
ALTER TABLE "lead_import_mapping" ADD CONSTRAINT "lead_import_mapping_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_import_mapping" ADD CONSTRAINT "lead_import_mapping_saved_by_staff_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A mapped import's job: its stored file, mapping and checkpoint (rows settled and the counts then),
-- from which a restarted server resumes it. A dry run is a job too, and writes nothing.
ALTER TABLE "csv_import_job" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "csv_import_job" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "csv_import_job" ADD COLUMN "mapping" jsonb;--> statement-breakpoint
ALTER TABLE "csv_import_job" ADD COLUMN "dry_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_import_job" ADD COLUMN "resume_row" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_import_job" ADD COLUMN "partial" jsonb;--> statement-breakpoint
ALTER TABLE "csv_import_job" ADD CONSTRAINT "csv_import_job_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."import_upload"("id") ON DELETE set null ON UPDATE no action;
