CREATE TABLE "candidate_known_address" (
	"key" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_sign_in" (
	"email" text PRIMARY KEY NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_login_code" ADD COLUMN "requested_from" text;--> statement-breakpoint
ALTER TABLE "candidate_login_code" ADD COLUMN "from_known_address" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "candidate_known_address_email_idx" ON "candidate_known_address" USING btree ("email");--> statement-breakpoint
CREATE INDEX "candidate_known_address_seen_idx" ON "candidate_known_address" USING btree ("last_signed_in_at");