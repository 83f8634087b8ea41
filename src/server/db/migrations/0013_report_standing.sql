-- The chatbot's order of dimensions and of each dimension's skills (jsonb keeps keys shortest first):
-- [{"name": "...", "skills": ["...", ...]}, ...]. Filled at intake and by the CSV import.
ALTER TABLE "simulation_report" ADD COLUMN "dimension_order" jsonb;
--> statement-breakpoint
-- Reports stored before: the six areas in the wizard's order (the order the chatbot uses), then any
-- other dimension by name; skills by name (their original order was not kept).
UPDATE "simulation_report" SET "dimension_order" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('name', d.key, 'skills', coalesce((SELECT jsonb_agg(s.key ORDER BY s.key) FROM jsonb_object_keys(d.value->'skills') AS s(key)), '[]'::jsonb))
    ORDER BY CASE
      WHEN lower(d.key) LIKE '%strateg%' THEN 1 WHEN lower(d.key) LIKE '%execut%' THEN 2 WHEN lower(d.key) LIKE '%communic%' THEN 3
      WHEN lower(d.key) LIKE '%leader%' THEN 4 WHEN lower(d.key) LIKE '%growth%' THEN 5 WHEN lower(d.key) LIKE '%tech%' THEN 6 ELSE 7 END, d.key)
  FROM jsonb_each("dimension_scores") AS d), '[]'::jsonb);
--> statement-breakpoint
CREATE INDEX "simulation_report_email_type_idx" ON "simulation_report" USING btree ("email","simulation_type","total_score");
--> statement-breakpoint
-- Each candidate's best attempt per simulation type (highest total, then earliest), with its scores in
-- hundredths: the population that percentiles and ranks are taken in.
CREATE TABLE "report_best_attempt" (
	"simulation_type" text NOT NULL,
	"email" text NOT NULL,
	"report_id" uuid NOT NULL,
	"total_bucket" integer NOT NULL,
	"dimension_buckets" jsonb NOT NULL,
	CONSTRAINT "report_best_attempt_pk" PRIMARY KEY("simulation_type","email")
);
--> statement-breakpoint
-- How many best attempts hold each score, per simulation type and dimension ('' is the total score),
-- in hundredths of a point: a rank is a sum over at most 10,001 buckets, whatever the number of reports.
CREATE TABLE "report_score_histogram" (
	"simulation_type" text NOT NULL,
	"dimension" text NOT NULL,
	"bucket" integer NOT NULL,
	"candidates" integer NOT NULL,
	CONSTRAINT "report_score_histogram_pk" PRIMARY KEY("simulation_type","dimension","bucket")
);
--> statement-breakpoint
INSERT INTO "report_best_attempt" ("simulation_type", "email", "report_id", "total_bucket", "dimension_buckets")
SELECT DISTINCT ON (r.simulation_type, r.email) r.simulation_type, r.email, r.id, round(r.total_score::numeric * 100)::int,
  coalesce((SELECT jsonb_object_agg(d.key, round((d.value->>'average')::numeric * 100)::int) FROM jsonb_each(r.dimension_scores) AS d), '{}'::jsonb)
FROM "simulation_report" r
ORDER BY r.simulation_type, r.email, r.total_score DESC, r.completed_at, r.id;
--> statement-breakpoint
INSERT INTO "report_score_histogram" ("simulation_type", "dimension", "bucket", "candidates")
SELECT simulation_type, dimension, bucket, count(*)::int FROM (
  SELECT simulation_type, '' AS dimension, total_bucket AS bucket FROM "report_best_attempt"
  UNION ALL
  SELECT b.simulation_type, d.key, d.value::int FROM "report_best_attempt" b, jsonb_each_text(b.dimension_buckets) AS d
) s GROUP BY simulation_type, dimension, bucket;
