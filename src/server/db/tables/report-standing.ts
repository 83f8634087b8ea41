import { integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

/**
 * Each candidate's best attempt per simulation type (highest total, then earliest): the population
 * percentiles and ranks are taken in (issue 20 §2). Scores in hundredths of a point ("buckets").
 * Kept by `refreshStanding` (features/reports/standing.ts) in the transaction that stores a report.
 */
export const reportBestAttempt = pgTable(
  "report_best_attempt",
  {
    simulationType: text("simulation_type").notNull(),
    email: text("email").notNull(),
    reportId: uuid("report_id").notNull(),
    totalBucket: integer("total_bucket").notNull(),
    /** Dimension name → its average in hundredths. */
    dimensionBuckets: jsonb("dimension_buckets").$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ name: "report_best_attempt_pk", columns: [t.simulationType, t.email] })],
);

/**
 * How many best attempts hold each score, per simulation type and dimension ("" = total score). A
 * rank is a sum over at most 10,001 buckets, never a scan of the reports.
 */
export const reportScoreHistogram = pgTable(
  "report_score_histogram",
  {
    simulationType: text("simulation_type").notNull(),
    dimension: text("dimension").notNull(),
    bucket: integer("bucket").notNull(),
    candidates: integer("candidates").notNull(),
  },
  (t) => [primaryKey({ name: "report_score_histogram_pk", columns: [t.simulationType, t.dimension, t.bucket] })],
);
