import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outbox } from "../../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Writes the message to the outbox; delivery happens later, with retries, by the worker. */
export async function queueMail(db: Db, message: MailMessage, log?: FastifyBaseLogger): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
    .returning({ id: outbox.id });
  log?.info({ mailId: row!.id, to: message.to, subject: message.subject }, "mail queued in outbox");
  return row!.id;
}

export const MAX_ATTEMPTS = 8;

/** 30 s, 2 min, 4.5 min, 8 min … between attempts. */
export const retryDelayMs = (attempts: number) => 30_000 * attempts * attempts;

export interface Sender {
  send(message: MailMessage & { from: string }): Promise<void>;
}

/** Delivers up to `batch` due messages; returns how many were sent. Safe with several processes. */
export async function deliverDueMail(db: Db, sender: Sender, from: string, batch = 20): Promise<number> {
  let sent = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, new Date())))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const mail of due) {
      try {
        await sender.send({ from, to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody ?? undefined });
        await tx
          .update(outbox)
          .set({ status: "sent", sentAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null })
          .where(eq(outbox.id, mail.id));
        sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
            nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          })
          .where(eq(outbox.id, mail.id));
      }
    }
  });
  return sent;
}
