CREATE TABLE "image_variant" (
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "image_variant_key_width_pk" PRIMARY KEY("key","width")
);
--> statement-breakpoint
CREATE TABLE "simulation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"instructions" text NOT NULL,
	"typebot_url" text NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulation_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "image_variant" ADD CONSTRAINT "image_variant_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulation_visibility_created_idx" ON "simulation" USING btree ("visibility","created_at");