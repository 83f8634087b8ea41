import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CALL_OUTCOMES } from "~/shared/crm/calls";
import { staff } from "../schema";
import { lead } from "./leads";

/**
 * A call staff logged against a lead (issue 23 §1 "Log a call"): its outcome, note and the next
 * follow-up it set. The lead's own latest call date and time (the list's Last Call) move with it.
 */
export const leadCall = pgTable(
  "lead_call",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => lead.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id").references(() => staff.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: CALL_OUTCOMES }).notNull(),
    note: text("note"),
    followUpDate: date("follow_up_date"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_call_outcome_check", sql`${t.outcome} in ('connected', 'no_answer', 'call_back', 'wrong_number')`),
    index("lead_call_lead_idx").on(t.leadId, t.at),
    index("lead_call_staff_idx").on(t.staffId, t.at),
  ],
);

/** A lead's task (issue 23 §2 "Tasks"): due at a moment, owned by the lead's owner or someone chosen. */
export const leadTask = pgTable(
  "lead_task",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => lead.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id").references(() => staff.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: uuid("done_by").references(() => staff.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => staff.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_task_title_check", sql`length(${t.title}) between 1 and 200`),
    index("lead_task_lead_idx").on(t.leadId, t.dueAt),
    // My tasks and the digest: an owner's open tasks by due time (keyset on due_at, id).
    index("lead_task_owner_open_idx").on(t.ownerId, t.dueAt, t.id).where(sql`done_at is null`),
  ],
);

export const CRM_DIGEST_STATUSES = ["pending", "queued", "empty"] as const;

/**
 * One owner's daily digest of one day (issue 23 §2): the primary key (owner, day) makes it exactly
 * one however many processes try; the row is created by one insert-if-absent, then claimed
 * (`claimed_until`, skip locked) while its e-mail is written to the outbox in the same transaction
 * that marks it queued.
 */
export const crmDigest = pgTable(
  "crm_digest",
  {
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    status: text("status", { enum: CRM_DIGEST_STATUSES }).notNull().default("pending"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    mailId: uuid("mail_id"),
    items: integer("items"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.day] }),
    check("crm_digest_status_check", sql`${t.status} in ('pending', 'queued', 'empty')`),
    index("crm_digest_pending_idx").on(t.day).where(sql`status = 'pending'`),
  ],
);
