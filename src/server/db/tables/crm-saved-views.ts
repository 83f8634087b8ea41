import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { staff } from "../schema";

/**
 * A saved view of the CRM list (issue 23 §6): the /crm URL's query (tab, search, filters, sort) under
 * a name, private to its owner or shared with the team. Migration 0023.
 */
export const crmSavedView = pgTable(
  "crm_saved_view",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The list's URL query without `?` (as /crm?… carries it), checked by savedViewQuerySchema. */
    query: text("query").notNull().default(""),
    shared: boolean("shared").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("crm_saved_view_owner_name_key").on(t.ownerId, sql`lower(${t.name})`), index("crm_saved_view_shared_idx").on(t.shared).where(sql`shared`)],
);
