import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { staff } from "../schema";
import { importUpload } from "./import-uploads";

export const CSV_IMPORT_JOB_STATUSES = ["running", "done", "failed"] as const;
export const CSV_IMPORT_KINDS = ["leads", "reports"] as const;

/**
 * One staff CSV import (the CRM's or the simulation reports'), written as a background job
 * (ARCHITECTURE.md principle 7): its file has been received and checked, and its rows are being
 * written. The running process holds the imports' lock (platform/exclusive.ts) and renews
 * `claimed_until` while it writes; a row whose claim lapsed belongs to a process that died. At most
 * one row is running. `rows_done` counts the rows settled so far (written, found unchanged or
 * rejected) out of `rows_total`; `result` is the import's answer once it is done.
 */
export const csvImportJob = pgTable(
  "csv_import_job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: CSV_IMPORT_KINDS }).notNull(),
    status: text("status", { enum: CSV_IMPORT_JOB_STATUSES }).notNull().default("running"),
    startedBy: uuid("started_by").references(() => staff.id, { onDelete: "set null" }),
    rowsTotal: integer("rows_total").notNull(),
    rowsDone: integer("rows_done").notNull().default(0),
    result: jsonb("result"),
    error: text("error"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * A mapped import (issue 23 §5): its file in the database, the mapping, and a checkpoint — the
     * data rows settled (`resumeRow`) and the result then (`partial`) — from which a restarted server
     * resumes it. A dry run writes no lead.
     */
    uploadId: uuid("upload_id").references(() => importUpload.id, { onDelete: "set null" }),
    fileSha256: text("file_sha256"),
    mapping: jsonb("mapping").$type<Record<string, number | null>>(),
    dryRun: boolean("dry_run").notNull().default(false),
    resumeRow: integer("resume_row").notNull().default(0),
    partial: jsonb("partial"),
  },
  (t) => [
    check("csv_import_job_status_check", sql`${t.status} in ('running', 'done', 'failed')`),
    check("csv_import_job_kind_check", sql`${t.kind} in ('leads', 'reports')`),
    uniqueIndex("csv_import_job_one_running_idx").on(sql`(true)`).where(sql`status = 'running'`),
    index("csv_import_job_kind_started_idx").on(t.kind, t.startedAt),
  ],
);
