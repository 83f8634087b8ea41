import { bigint, boolean, check, pgTable } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * One row: the version of everything an anonymous visitor sees (simulations, mentors, site settings).
 * Triggers on those tables add one in the same transaction as the edit, so every process that reads
 * it (platform/content-version.ts) knows at once that its cached public pages are stale.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    only: boolean("only").primaryKey().default(true),
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [check("content_version_one_row", sql`${t.only}`)],
);
