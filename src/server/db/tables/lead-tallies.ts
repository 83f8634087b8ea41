import { bigint, boolean, date, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";

/**
 * How many leads (and how much pending money) each combination of tab, stage, status and owner
 * holds: the exact counts the CRM shows (issue 21 item 2). Kept by statement-level triggers on
 * `lead` (migration 0017), in the same transaction as the change, so every writer (edit, create,
 * delete, import, merge, capture, sync, an owner's removal) keeps it true without knowing of it.
 * A few hundred rows however many leads there are; `lead_owner` null is the unassigned leads.
 */
export const leadTally = pgTable(
  "lead_tally",
  {
    isPaid: boolean("is_paid").notNull(),
    leadStage: text("lead_stage").notNull(),
    leadStatus: text("lead_status").notNull(),
    leadOwner: uuid("lead_owner"),
    leads: bigint("leads", { mode: "number" }).notNull(),
    /** Sum of the positive pending amounts (what the Total Pending Amount card adds up). */
    pending: bigint("pending", { mode: "number" }).notNull(),
    /** Sum of the sale amounts (the board's column total, migration 0020). */
    sale: bigint("sale", { mode: "number" }).notNull().default(0),
  },
  (t) => [unique("lead_tally_key").on(t.isPaid, t.leadStage, t.leadStatus, t.leadOwner).nullsNotDistinct()],
);

/**
 * The same, per follow-up day (leads with a follow-up date only): "Follow-ups due" is the sum over
 * the days up to today in Asia/Kolkata, so the count moves at midnight without any write.
 */
export const leadFollowUpTally = pgTable(
  "lead_follow_up_tally",
  {
    followUpDate: date("follow_up_date").notNull(),
    isPaid: boolean("is_paid").notNull(),
    leadStage: text("lead_stage").notNull(),
    leadStatus: text("lead_status").notNull(),
    leadOwner: uuid("lead_owner"),
    leads: bigint("leads", { mode: "number" }).notNull(),
    pending: bigint("pending", { mode: "number" }).notNull(),
    /** Sum of the sale amounts (the board's column total, migration 0020). */
    sale: bigint("sale", { mode: "number" }).notNull().default(0),
  },
  (t) => [unique("lead_follow_up_tally_key").on(t.followUpDate, t.isPaid, t.leadStage, t.leadStatus, t.leadOwner).nullsNotDistinct()],
);
