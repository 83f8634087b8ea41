import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** First-party analytics: page views and the spec's events, no cookies involved. */
export const analyticsEvent = pgTable(
  "analytics_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    path: text("path"),
    params: jsonb("params").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("analytics_event_name_time_idx").on(t.name, t.occurredAt)],
);
