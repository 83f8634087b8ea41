import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { staff } from "../schema";

/**
 * The lead score's weights as the database uses them (written from src/shared/crm/lead-score.ts when
 * the server starts) and the rescoring job's place: migration 0022. One row.
 */
export const leadScoreSetting = pgTable("lead_score_setting", {
  id: integer("id").primaryKey().default(1),
  weights: jsonb("weights").notNull().default({}),
  /** The last lead id rescored with these weights (the job goes by id); null before the first batch. */
  rescoreAfter: uuid("rescore_after"),
  rescored: boolean("rescored").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ASSIGNMENT_MODES = ["round_robin", "owner"] as const;

/**
 * An assignment rule (issue 23 §2): new leads of `source` go round robin over `staffIds`, or to the
 * first of them (`owner`). Applied by the trigger on lead inserts (migration 0022), in the capture's
 * transaction; `position` is the round robin's next turn, advanced by one UPDATE.
 */
export const leadAssignmentRule = pgTable("lead_assignment_rule", {
  source: text("source").primaryKey(),
  mode: text("mode", { enum: ASSIGNMENT_MODES }).notNull(),
  staffIds: uuid("staff_ids").array().notNull().default([]),
  position: bigint("position", { mode: "number" }).notNull().default(0),
  updatedBy: uuid("updated_by").references(() => staff.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
