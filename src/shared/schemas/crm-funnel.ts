import { z } from "./zod";

/** Weeks the funnel shows by default and at most (each a Monday-to-Sunday week in Asia/Kolkata). */
export const FUNNEL_WEEKS = 12;
export const FUNNEL_MAX_WEEKS = 52;

export const funnelQuerySchema = z.object({
  weeks: z.coerce
    .number({ error: "Weeks is a number" })
    .int("Weeks is a whole number")
    .min(1, "At least 1 week")
    .max(FUNNEL_MAX_WEEKS, `At most ${FUNNEL_MAX_WEEKS} weeks`)
    .default(FUNNEL_WEEKS),
});

/** The funnel's steps in order, with the words the screen shows. */
export const FUNNEL_STEPS = [
  { key: "visitors", label: "Visitors" },
  { key: "simulationStarts", label: "Simulation starts" },
  { key: "reports", label: "Reports" },
  { key: "applications", label: "Applications" },
  { key: "paid", label: "Paid" },
] as const;
export type FunnelStepKey = (typeof FUNNEL_STEPS)[number]["key"];

const count = z.number().int();
/** Percent of the previous step, one decimal; null when the previous step is 0. */
const rate = z.number().nullable();

export const funnelWeekSchema = z.object({
  /** Monday of the week (Asia/Kolkata), YYYY-MM-DD; null on the total row. */
  week: z.string().nullable(),
  visitors: count,
  simulationStarts: count,
  reports: count,
  applications: count,
  paid: count,
  /** Sale amounts of the leads that became Paid Users that week, whole rupees. */
  revenue: z.number(),
  /** Money collected that week (increases of collected amounts), whole rupees. */
  collected: z.number(),
  startRate: rate,
  reportRate: rate,
  applicationRate: rate,
  paidRate: rate,
});
export type FunnelWeek = z.infer<typeof funnelWeekSchema>;

/**
 * One source's funnel. Visitors, starts and applications are the visits' events; reports and paid
 * count under the lead's visit source (the visit the person first sent a form from). `source` is
 * null on the row of reports and conversions whose people sent no form from a tracked visit.
 */
export const funnelSourceSchema = z.object({
  source: z.string().nullable(),
  visitors: count,
  simulationStarts: count,
  reports: count,
  applications: count,
  paid: count,
  startRate: rate,
  reportRate: rate,
  applicationRate: rate,
  paidRate: rate,
});
export type FunnelSource = z.infer<typeof funnelSourceSchema>;

export const stageTimeSchema = z.object({ stage: z.string(), medianDays: z.number().nullable(), stays: count });
export type StageTime = z.infer<typeof stageTimeSchema>;

export const ownerFiguresSchema = z.object({
  ownerId: z.string().nullable(),
  name: z.string(),
  /** Leads the owner holds now. */
  leads: count,
  /** Calls logged in the period. */
  calls: count,
  /** Leads that became Paid Users in the period. */
  conversions: count,
  collected: z.number(),
});
export type OwnerFigures = z.infer<typeof ownerFiguresSchema>;

export const funnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  weeks: z.array(funnelWeekSchema),
  total: funnelWeekSchema,
  sources: z.array(funnelSourceSchema),
  stages: z.array(stageTimeSchema),
  owners: z.array(ownerFiguresSchema),
});
export type Funnel = z.infer<typeof funnelSchema>;
