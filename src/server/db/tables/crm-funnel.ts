import { bigint, date, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { lead } from "./leads";

/**
 * Conversions (leads becoming Paid Users), their sale amounts and money collected, per week (Monday
 * in Asia/Kolkata), lead owner and the lead's visit source (migration 0030): kept by statement-level triggers on `lead` (migration 0023) in the
 * same transaction as every change, whoever makes it (edit, bulk, import, merge). A few rows per week.
 */
export const crmWeekTally = pgTable(
  "crm_week_tally",
  {
    week: date("week").notNull(),
    leadOwner: uuid("lead_owner"),
    visitSource: text("visit_source"),
    paid: bigint("paid", { mode: "number" }).notNull().default(0),
    revenue: bigint("revenue", { mode: "number" }).notNull().default(0),
    collected: bigint("collected", { mode: "number" }).notNull().default(0),
  },
  (t) => [unique("crm_week_tally_key").on(t.week, t.leadOwner, t.visitSource).nullsNotDistinct()],
);

/** When a lead entered its current stage; a lead that never changed stage entered it when created. */
export const leadStageEntry = pgTable("lead_stage_entry", {
  leadId: uuid("lead_id")
    .primaryKey()
    .references(() => lead.id, { onDelete: "cascade" }),
  enteredAt: timestamp("entered_at", { withTimezone: true }).notNull(),
});

/** Finished stays in a stage by whole days: the histogram the median days per stage are read from. */
export const leadStageStay = pgTable(
  "lead_stage_stay",
  {
    leadStage: text("lead_stage").notNull(),
    days: integer("days").notNull(),
    stays: bigint("stays", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ name: "lead_stage_stay_pkey", columns: [t.leadStage, t.days] })],
);
