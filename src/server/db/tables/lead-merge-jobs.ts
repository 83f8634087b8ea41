import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { staff } from "../schema";

export const LEAD_MERGE_JOB_STATUSES = ["running", "done", "cancelled", "failed"] as const;
export const LEAD_MERGE_JOB_PHASES = ["finding", "merging"] as const;

/**
 * One Fix Duplicates run (ARCHITECTURE.md principle 7): a row its process claims and keeps claiming
 * (`claimed_until`) while it works, with its progress and a cancel flag any process may set. At most
 * one row is running (a unique index over the running rows), so a second start is refused by the
 * insert itself, not by a read before it.
 */
export const leadMergeJob = pgTable(
  "lead_merge_job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status", { enum: LEAD_MERGE_JOB_STATUSES }).notNull().default("running"),
    phase: text("phase", { enum: LEAD_MERGE_JOB_PHASES }).notNull().default("finding"),
    startedBy: uuid("started_by").references(() => staff.id, { onDelete: "set null" }),
    /** Null until the search for duplicate groups has finished. */
    groupsFound: integer("groups_found"),
    groupsMerged: integer("groups_merged").notNull().default(0),
    /** Duplicate leads removed (merged into the lead kept). */
    merged: integer("merged").notNull().default(0),
    /** Leads whose legacy status was normalised or that absorbed duplicates. */
    updatedLeads: integer("updated_leads").notNull().default(0),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    error: text("error"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("lead_merge_job_status_check", sql`${t.status} in ('running', 'done', 'cancelled', 'failed')`),
    check("lead_merge_job_phase_check", sql`${t.phase} in ('finding', 'merging')`),
    uniqueIndex("lead_merge_job_one_running_idx").on(sql`(true)`).where(sql`status = 'running'`),
    index("lead_merge_job_started_idx").on(t.startedAt),
  ],
);
