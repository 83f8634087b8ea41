import { z } from "./zod";

/** Every event the spec names, plus page views. */
export const ANALYTICS_EVENTS = [
  "page_view",
  "apply_now",
  "explore_program",
  "download",
  "share",
  "simulation_start",
  "application_submit",
  "conversion",
  "founders_find_program",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

const paramValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS, { error: "Unknown event" }),
  path: z.string().max(500).optional(),
  params: z.record(z.string().max(60), paramValue).refine((p) => Object.keys(p).length <= 20, "At most 20 parameters").optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1, "No events").max(50, "At most 50 events per batch"),
});
