import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";

/**
 * A fixed one-in-sixteen sample of the leads (those whose id's last byte is a multiple of 16), with
 * the columns a search and the filter bar look at: the "about" count of a free-text search is its
 * matches here times sixteen (issue 21 item 2). Kept by statement-level triggers on `lead` (migration
 * 0019) in the same transaction as each change, so it is as true right after an import as ever.
 * The column names are the lead's, so the list's own filter and search SQL run on it unchanged.
 */
export const leadSearchSample = pgTable(
  "lead_search_sample",
  {
    id: uuid("id").primaryKey(),
    /** One in sixteen of the sample (one in 256 leads): enough for a fragment that most leads match. */
    core: boolean("core").generatedAlwaysAs(sql`get_byte(uuid_send(id), 14) % 16 = 0`).notNull(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile"),
    isPaid: boolean("is_paid").notNull(),
    leadStage: text("lead_stage").notNull(),
    leadStatus: text("lead_status").notNull(),
    leadOwner: uuid("lead_owner"),
    followUpDate: date("follow_up_date"),
    pendingAmount: integer("pending_amount"),
  },
  (t) => [
    index("lead_search_sample_full_name_trgm_idx").using("gin", sql`${t.fullName} gin_trgm_ops`),
    index("lead_search_sample_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("lead_search_sample_mobile_trgm_idx").using("gin", sql`${t.mobile} gin_trgm_ops`),
    index("lead_search_sample_core_full_name_trgm_idx").using("gin", sql`${t.fullName} gin_trgm_ops`).where(sql`core`),
    index("lead_search_sample_core_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`).where(sql`core`),
    index("lead_search_sample_core_mobile_trgm_idx").using("gin", sql`${t.mobile} gin_trgm_ops`).where(sql`core`),
  ],
);
