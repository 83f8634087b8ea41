import { bigint, boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * First-party analytics: page views and the spec's events, no cookies involved. Each event carries
 * the source of the visit it belongs to (UTM parameters of the landing address, else the referring
 * site's host, else "direct"; migration 0023), and `landing` marks a visit's first page view.
 */
export const analyticsEvent = pgTable(
  "analytics_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    path: text("path"),
    params: jsonb("params").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    /** What the funnel groups by: utm_source, else the referrer's host, else "direct". */
    source: text("source"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** The referring site's host only (never its path or query, which can hold personal data). */
    referrer: text("referrer"),
    landing: boolean("landing").notNull().default(false),
  },
  (t) => [
    index("analytics_event_name_time_idx").on(t.name, t.occurredAt),
  ],
);

/** The funnel's steps per week (Monday, Asia/Kolkata) and source, kept by a trigger on analytics_event (migration 0027). */
export const analyticsFunnelWeek = pgTable(
  "analytics_funnel_week",
  {
    week: date("week").notNull(),
    source: text("source").notNull(),
    visitors: bigint("visitors", { mode: "number" }).notNull().default(0),
    starts: bigint("starts", { mode: "number" }).notNull().default(0),
    applications: bigint("applications", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ name: "analytics_funnel_week_pkey", columns: [t.week, t.source] })],
);
