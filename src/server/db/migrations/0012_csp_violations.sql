CREATE TABLE "csp_violation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"document_url" text NOT NULL,
	"directive" text NOT NULL,
	"blocked_url" text,
	"source_file" text,
	"line_number" integer,
	"column_number" integer,
	"disposition" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "csp_violation_newest_idx" ON "csp_violation" USING btree ("received_at","id");