import { desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { NotificationStatus, TestNotification } from "~/shared/schemas/simulation-reports-admin";
import type { Db } from "../../db/client";
import { outbox, simulationReport } from "../../db/schema";
import { MAIL_PRIORITY, queueMail } from "../../platform/mail/outbox";
import { reportReadyMail, testReportReadyMail } from "./mail";

/** The Email Notifications tab's test e-mail: "report ready" for the given payload, marked as a test. */
export async function sendTestNotification(db: Db, payload: Required<TestNotification>, publicBaseUrl: string): Promise<void> {
  await queueMail(db, await testReportReadyMail({ ...payload, totalScore: Number(payload.totalScore) }, publicBaseUrl));
}

const BULK_CHUNK = 500;

/**
 * What the bulk send would queue if run now, counted by the database (the confirmation's numbers):
 * one e-mail per report whose candidate has not been told, to this many distinct addresses.
 */
export async function bulkNotificationPreview(db: Db): Promise<{ emails: number; people: number }> {
  const [row] = await db
    .select({ emails: sql<number>`count(*)::int`, people: sql<number>`count(distinct ${simulationReport.email})::int` })
    .from(simulationReport)
    .where(isNull(simulationReport.notifiedAt));
  return row!;
}

/**
 * Queues "report ready" for every report whose candidate has not been told yet, a chunk at a time
 * (each its own short transaction), at bulk priority so sign-in codes overtake them. A report is
 * marked told in the same transaction that queues its e-mail, so a second run finds nothing.
 */
export async function sendBulkNotifications(db: Db, publicBaseUrl: string): Promise<{ successCount: number; errorCount: number }> {
  let successCount = 0;
  let errorCount = 0;
  for (;;) {
    let claimed = 0;
    try {
      claimed = await db.transaction(async (tx) => {
        const due = sql`select ${simulationReport.id} from ${simulationReport} where ${simulationReport.notifiedAt} is null
          order by ${simulationReport.completedAt} limit ${BULK_CHUNK} for update skip locked`;
        const reports = await tx
          .update(simulationReport)
          .set({ notifiedAt: new Date(), notifyMailId: sql`gen_random_uuid()` })
          .where(sql`${simulationReport.id} in (${due})`)
          .returning();
        if (reports.length === 0) return 0;
        // Rendered from cached layouts (mail/compose.tsx): a chunk of 500 adds milliseconds, not seconds, to the transaction.
        const mails = await Promise.all(reports.map((report) => reportReadyMail(report, publicBaseUrl, MAIL_PRIORITY.bulk)));
        await tx.insert(outbox).values(
          reports.map((report, i) => {
            const mail = mails[i]!;
            return { id: report.notifyMailId!, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, priority: mail.priority };
          }),
        );
        return reports.length;
      });
    } catch {
      // A chunk that cannot be queued stays untold for the next run; count it once and stop here.
      const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(simulationReport).where(isNull(simulationReport.notifiedAt));
      errorCount += left!.n;
      break;
    }
    successCount += claimed;
    if (claimed < BULK_CHUNK) break;
  }
  return { successCount, errorCount };
}

/** Counts of the "report ready" e-mails by outbox state, and the latest fifty of them. */
export async function notificationStatus(db: Db): Promise<NotificationStatus> {
  const state = sql<"queued" | "sent" | "failed">`case ${outbox.status} when 'pending' then 'queued' else ${outbox.status} end`;
  const [counts] = await db
    .select({
      queued: sql<number>`(count(*) filter (where ${outbox.status} = 'pending'))::int`,
      sent: sql<number>`(count(*) filter (where ${outbox.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${outbox.status} = 'failed'))::int`,
      untold: sql<number>`(count(*) filter (where ${simulationReport.notifiedAt} is null))::int`,
    })
    .from(simulationReport)
    .leftJoin(outbox, eq(outbox.id, simulationReport.notifyMailId));
  const recent = await db
    .select({
      email: simulationReport.email,
      name: simulationReport.fullName,
      simulationType: simulationReport.simulationType,
      state,
      error: outbox.lastError,
      at: simulationReport.notifiedAt,
    })
    .from(simulationReport)
    .innerJoin(outbox, eq(outbox.id, simulationReport.notifyMailId))
    .where(isNotNull(simulationReport.notifiedAt))
    .orderBy(desc(simulationReport.notifiedAt), desc(simulationReport.id))
    .limit(50);
  return { counts: counts!, recent: recent.map((row) => ({ ...row, at: row.at!.toISOString() })) };
}
