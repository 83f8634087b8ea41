import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { BulkAction, BulkSelection } from "~/shared/schemas/crm-bulk";
import { staff } from "../schema";

export const LEAD_BULK_JOB_STATUSES = ["running", "done", "failed"] as const;

export interface BulkLane {
  /** The `seq` of the lane's last chunk gone through (0 before its first batch). */
  after: number;
  done: boolean;
}

/**
 * One bulk action on leads (issue 23 §1, ARCHITECTURE.md principle 7): a row a process claims
 * (`claim_token`, `claimed_until`) and works through in batches; each batch's transaction changes its
 * leads and moves the cursor, so a job whose process died is taken over by another process
 * (`for update skip locked`) and resumed after the last batch that committed. One running job per
 * staff member (a unique index over the running rows).
 */
export const leadBulkJob = pgTable(
  "lead_bulk_job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status", { enum: LEAD_BULK_JOB_STATUSES }).notNull().default("running"),
    startedBy: uuid("started_by").references(() => staff.id, { onDelete: "set null" }),
    action: jsonb("action").$type<BulkAction>().notNull(),
    selection: jsonb("selection").$type<BulkSelection>().notNull(),
    /** Leads the selection held when the job began; null until counted (a free-text filter is counted by the job). */
    total: integer("total"),
    /** Leads gone through so far: changed, unchanged or skipped. */
    processed: integer("processed").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    /** How many leads were skipped for each reason (the rule book's message). */
    skipReasons: jsonb("skip_reasons").$type<Record<string, number>>().notNull().default({}),
    /** The first skipped leads, named, for the result. */
    skippedLeads: jsonb("skipped_leads").$type<{ id: string; name: string; reason: string }[]>().notNull().default([]),
    /** When the job listed its leads (lead_bulk_item); null until its first run does. */
    listedAt: timestamp("listed_at", { withTimezone: true }),
    /** Each lane's progress through its share of the list (migration 0032); one lane on the embedded database. */
    lanes: jsonb("lanes").$type<BulkLane[]>().notNull().default([{ after: 0, done: false }]),
    claimToken: uuid("claim_token").notNull().defaultRandom(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }).notNull(),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("lead_bulk_job_status_check", sql`${t.status} in ('running', 'done', 'failed')`),
    uniqueIndex("lead_bulk_job_one_running_idx").on(t.startedBy).where(sql`status = 'running'`),
    index("lead_bulk_job_lapsed_idx").on(t.claimedUntil).where(sql`status = 'running'`),
  ],
);

/**
 * A bulk change's leads, listed once when it starts: newest first, in chunks of a batch's worth of ids
 * (`seq` from 1 within a lane), the chunks dealt into the lanes in turn; each batch reads its lane's
 * next chunk by primary key (migration 0032). The ids are not foreign keys: a lead deleted meanwhile is
 * reported by the batch that meets it. Deleted with the job's last batch.
 */
export const leadBulkItem = pgTable(
  "lead_bulk_item",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => leadBulkJob.id, { onDelete: "cascade" }),
    lane: smallint("lane").notNull(),
    seq: integer("seq").notNull(),
    leadIds: uuid("lead_ids").array().notNull(),
  },
  (t) => [primaryKey({ name: "lead_bulk_item_pkey", columns: [t.jobId, t.lane, t.seq] })],
);
