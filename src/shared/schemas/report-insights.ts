import { z } from "./zod";

/** Fewer candidates than this at a simulation: no percentile, the report says "early cohort". */
export const EARLY_COHORT_BELOW = 20;

/** Where one score stands among each candidate's best attempt at the same simulation. */
export const placeSchema = z.object({
  /** 1 + the candidates whose best attempt scored higher; equal scores share a rank. */
  rank: z.number().int(),
  candidates: z.number().int(),
  /** "Top N%": rank ÷ candidates, rounded, at least 1; null for an early cohort. */
  topPercent: z.number().int().nullable(),
});
export type Place = z.infer<typeof placeSchema>;

export const standingSchema = z.object({
  overall: placeSchema,
  /** In the report's dimension order. */
  dimensions: z.array(placeSchema.extend({ name: z.string() })),
});
export type Standing = z.infer<typeof standingSchema>;

/** The change since the candidate's previous attempt at the same simulation. */
export const progressSchema = z.object({
  previousDate: z.string(),
  previousSlug: z.string(),
  totalChange: z.number(),
  dimensions: z.array(z.object({ name: z.string(), previous: z.number(), change: z.number() })),
});
export type Progress = z.infer<typeof progressSchema>;

export const nextStepSchema = z.object({
  dimension: z.string(),
  average: z.number(),
  /** A public library simulation whose tags match the dimension (never the one the report is of). */
  simulation: z.object({ slug: z.string(), title: z.string() }).nullable(),
  week: z.object({ label: z.string(), title: z.string(), summary: z.string() }).nullable(),
});
export type NextStep = z.infer<typeof nextStepSchema>;

export const reportInsightsSchema = z.object({
  standing: standingSchema.nullable(),
  progress: progressSchema.nullable(),
  nextSteps: z.array(nextStepSchema),
});
export type ReportInsights = z.infer<typeof reportInsightsSchema>;

export const topPercentOf = (rank: number, candidates: number): number | null =>
  candidates < EARLY_COHORT_BELOW ? null : Math.max(1, Math.round((rank / candidates) * 100));
