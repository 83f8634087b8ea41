import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
    index("analytics_event_funnel_idx")
      .on(t.occurredAt, t.name, t.source, t.landing)
      .where(sql`landing or name in ('simulation_start', 'application_submit')`),
  ],
);
