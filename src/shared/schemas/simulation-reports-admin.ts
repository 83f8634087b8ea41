import { SCORE_BANDS } from "../report-bands";
import { z } from "./zod";
import { emailSchema } from "./common";
import { csvImportResultSchema } from "./csv-import";

/** Staff list of reports (internal-side §2.1): search, score filter, keyset cursor. */
export const adminReportsQuerySchema = z.object({
  q: z.string().trim().max(200, "Search must be at most 200 characters").optional(),
  band: z.enum(SCORE_BANDS, { error: "band must be high, medium or low" }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminReportsQuery = z.input<typeof adminReportsQuerySchema>;

const areaScore = z.number().nullable();

/**
 * Whether the candidate was told about the report: `not_sent` (no "report ready" e-mail yet; the
 * bulk send will send one), else the state of that e-mail in the outbox.
 */
export const NOTIFICATION_STATES = ["not_sent", "queued", "sent", "failed"] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/** Internal-side §3 "Simulation report (admin list)", with the simulation and the notice (issue 20 §1.13). */
export const adminReportSchema = z.object({
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  simulationType: z.string(),
  totalScore: z.number(),
  strategy: areaScore,
  execution: areaScore,
  communication: areaScore,
  leadership: areaScore,
  growth: areaScore,
  tech: areaScore,
  timestamp: z.string(),
  slug: z.string(),
  notification: z
    .object({
      state: z.enum(NOTIFICATION_STATES),
      /** When the "report ready" e-mail was queued (null while not_sent). */
      notifiedAt: z.string().nullable(),
      /** Its outbox message (null while not_sent). */
      mailId: z.string().nullable(),
    })
    .describe("Whether the candidate was told: not_sent, or the queued / sent / failed state of the \"report ready\" e-mail"),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const reportsSummarySchema = z.object({
  total: z.number(),
  highPerformers: z.number(),
  averageScore: z.number(),
  uniqueUsers: z.number(),
});
export type ReportsSummary = z.infer<typeof reportsSummarySchema>;

export const adminReportsPageSchema = z.object({
  items: z.array(adminReportSchema),
  nextCursor: z.string().nullable(),
  summary: reportsSummarySchema,
});
export type AdminReportsPage = z.infer<typeof adminReportsPageSchema>;

const required = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(200, `${label} is too long`);

/** Internal-side §3 "Test notification payload". */
export const testNotificationSchema = z.object({
  email: emailSchema,
  fullName: required("fullName"),
  simulationType: required("simulationType"),
  totalScore: z.coerce.number({ error: "totalScore is required" }).min(0, "totalScore must be from 0 to 100").max(100, "totalScore must be from 0 to 100"),
  slug: required("slug"),
});
export type TestNotification = z.input<typeof testNotificationSchema>;

export const bulkNotificationResultSchema = z.object({ successCount: z.number(), errorCount: z.number() });

/** What a bulk send would do now: the e-mails it would queue (one per report not yet told) and to how many people. */
export const bulkNotificationPreviewSchema = z.object({ emails: z.number(), people: z.number() });
export type BulkNotificationPreview = z.infer<typeof bulkNotificationPreviewSchema>;

export const OUTBOX_STATES = ["queued", "sent", "failed"] as const;

/** What became of the "report ready" e-mails (the Email Notifications tab). */
export const notificationStatusSchema = z.object({
  counts: z.object({ queued: z.number(), sent: z.number(), failed: z.number(), untold: z.number() }),
  recent: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      simulationType: z.string(),
      state: z.enum(OUTBOX_STATES),
      error: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/**
 * Answer of the reports' CSV import: the one shape of a CSV import (csv-import.ts), where `unchanged`
 * are rows that matched a report (by Report URL, Result ID or e-mail and time) and changed nothing.
 * `imported` (= created) and `moreRejected` (rejected rows beyond the listed ones) are kept for the
 * clients written before the shapes were one.
 */
export const importResultSchema = csvImportResultSchema.extend({
  imported: z.number(),
  moreRejected: z.number().optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
