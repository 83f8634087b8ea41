CREATE TABLE "csv_import_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_by" uuid,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"claimed_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "csv_import_job_status_check" CHECK ("csv_import_job"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "csv_import_job_kind_check" CHECK ("csv_import_job"."kind" in ('leads', 'reports'))
);
--> statement-breakpoint
ALTER TABLE "csv_import_job" ADD CONSTRAINT "csv_import_job_started_by_staff_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "csv_import_job_one_running_idx" ON "csv_import_job" USING btree ((true)) WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "csv_import_job_kind_started_idx" ON "csv_import_job" USING btree ("kind","started_at");