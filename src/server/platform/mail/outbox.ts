import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outbox } from "../../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Higher is delivered first; see MAIL_PRIORITY. */
  priority?: number;
}

/** One-time codes are waited on by a person at a screen; bulk mail can wait behind them. */
export const MAIL_PRIORITY = { bulk: -10, normal: 0, code: 10 } as const;

/** Tells this process's worker that mail is waiting, so a code goes out without waiting for the next poll. */
export const mailQueued = new EventEmitter();

/** Writes the message to the outbox; delivery happens later, with retries, by the worker. */
export async function queueMail(db: Db, message: MailMessage, log?: FastifyBaseLogger): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      priority: message.priority ?? MAIL_PRIORITY.normal,
    })
    .returning({ id: outbox.id });
  log?.info({ mailId: row!.id, to: message.to, subject: message.subject }, "mail queued in outbox");
  // Emitted now even inside a transaction: a worker that looks too early finds nothing and polls again.
  mailQueued.emit("queued");
  return row!.id;
}

export const MAX_ATTEMPTS = 8;

/** 30 s, 2 min, 4.5 min, 8 min … between attempts. */
export const retryDelayMs = (attempts: number) => 30_000 * attempts * attempts;

/** How long a worker owns the rows it claimed; a crashed worker's rows become due again after it. */
export const CLAIM_MS = 2 * 60 * 1000;

export interface Sender {
  send(message: MailMessage & { from: string }): Promise<void>;
}

type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims up to `batch` due messages, highest priority first, in one short statement. Rows locked
 * by another worker are skipped, and a claim that lapsed (its worker died mid-send) is taken over.
 */
export async function claimDueMail(db: Db, batch: number): Promise<OutboxRow[]> {
  const due = sql`select ${outbox.id} from ${outbox}
    where ${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= now()
      and (${outbox.claimedUntil} is null or ${outbox.claimedUntil} < now())
    order by ${outbox.priority} desc, ${outbox.nextAttemptAt} asc
    limit ${batch} for update skip locked`;
  const rows = await db
    .update(outbox)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_MS / 1000})` })
    .where(sql`${outbox.id} in (${due})`)
    .returning();
  return rows.sort((a, b) => b.priority - a.priority || a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

/**
 * Delivers up to `batch` due messages; returns how many were sent. The SMTP conversation happens
 * outside any transaction (on the embedded database a transaction holds every other request), so
 * the rows are claimed first, sent, then marked. At least once: a crash between sending and
 * marking sends that message again once its claim lapses; a normal run never sends one twice.
 */
export async function deliverDueMail(db: Db, sender: Sender, from: string, batch = 50): Promise<number> {
  const claimed = await claimDueMail(db, batch);
  if (claimed.length === 0) return 0;
  const results = await Promise.all(
    claimed.map(async (mail) => {
      try {
        await sender.send({ from, to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody ?? undefined });
        return { mail, error: null };
      } catch (error) {
        return { mail, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const sentIds = results.filter((r) => r.error === null).map((r) => r.mail.id);
  if (sentIds.length > 0) {
    await db
      .update(outbox)
      .set({ status: "sent", sentAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null, claimedUntil: null })
      .where(inArray(outbox.id, sentIds));
  }
  for (const { mail, error } of results) {
    if (error === null) continue;
    const attempts = mail.attempts + 1;
    await db
      .update(outbox)
      .set({
        attempts,
        lastError: error.slice(0, 500),
        status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
        nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
        claimedUntil: null,
      })
      .where(eq(outbox.id, mail.id));
  }
  return sentIds.length;
}
