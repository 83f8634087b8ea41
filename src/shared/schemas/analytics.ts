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

const utmValue = z.string().trim().max(100, "At most 100 characters").optional();

/**
 * Where the visit came from (the funnel's sources): the landing address's UTM parameters and the
 * referring page. The server keeps the referrer's host only.
 */
export const visitSourceSchema = z.object({
  utmSource: utmValue,
  utmMedium: utmValue,
  utmCampaign: utmValue,
  referrer: z.string().max(500, "At most 500 characters").optional(),
});
export type VisitSource = z.infer<typeof visitSourceSchema>;

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS, { error: "Unknown event" }),
  path: z.string().max(500).optional(),
  params: z.record(z.string().max(60), paramValue).refine((p) => Object.keys(p).length <= 20, "At most 20 parameters").optional(),
  visit: visitSourceSchema.optional(),
  /** The visit's first page view: the funnel counts visitors by these. */
  landing: z.boolean().optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1, "No events").max(50, "At most 50 events per batch"),
});
