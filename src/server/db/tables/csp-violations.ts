import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Content-Security-Policy violations that browsers reported (POST /api/csp-reports, platform/csp-reports.ts),
 * kept 30 days (platform/housekeeping.ts). Nothing that identifies the visitor: the page without its query, the
 * blocked resource's origin only, and a truncated user agent; never the client's address.
 */
export const cspViolation = pgTable(
  "csp_violation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Milliseconds, like the keyset cursor (platform/keyset.ts) that pages by it. */
    receivedAt: timestamp("received_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The page's origin and path (no query, no fragment). */
    documentUrl: text("document_url").notNull(),
    /** The directive that blocked (effective-directive, e.g. `script-src-elem`). */
    directive: text("directive").notNull(),
    /** The blocked resource's origin, or the browser's keyword for it (`inline`, `eval`, `data`, …). */
    blockedUrl: text("blocked_url"),
    /** The script that caused it: origin and path. */
    sourceFile: text("source_file"),
    lineNumber: integer("line_number"),
    columnNumber: integer("column_number"),
    /** `enforce` (blocked) or `report` (a report-only policy). */
    disposition: text("disposition"),
    userAgent: text("user_agent"),
  },
  (t) => [index("csp_violation_newest_idx").on(t.receivedAt, t.id)],
);
