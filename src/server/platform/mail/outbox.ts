import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outbox } from "../../db/schema";
import { ERASED_MAIL_ERROR, erasedRecipients } from "./erased-addresses";
import { openSecret, sealSecret } from "./sealed-secret";

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
  return insertMail(db, message, null, log);
}

/**
 * Stands in the stored bodies for a message's one-time secret (a sign-in code). The worker writes the
 * secret in at send time, so the outbox (and every backup of it) never holds it in clear.
 */
export const MAIL_SECRET_PLACEHOLDER = "{{one-time-code}}";

export interface MailSecret {
  value: string;
  /** After this the message is no longer sent and the secret is wiped: the secret's own lifetime. */
  expiresAt: Date;
}

/** What the sealed secret is bound to: the row and its recipient, so it opens for that message only. */
const sealedFor = (row: { id: string; toAddress: string }) => `outbox:${row.id}:${row.toAddress}`;

/**
 * Queues a message whose bodies hold MAIL_SECRET_PLACEHOLDER: the secret is stored encrypted under a
 * key derived from `serverSecret` and expires with `secret.expiresAt`.
 */
export async function queueMailWithSecret(
  db: Db,
  serverSecret: string,
  message: MailMessage,
  secret: MailSecret,
  log?: FastifyBaseLogger,
): Promise<string> {
  if (!message.text.includes(MAIL_SECRET_PLACEHOLDER)) throw new Error("queueMailWithSecret: the text has no secret placeholder");
  const id = randomUUID();
  const sealed = sealSecret(serverSecret, secret.value, sealedFor({ id, toAddress: message.to }));
  return insertMail(db, message, { id, secretSealed: sealed, secretExpiresAt: secret.expiresAt }, log);
}

async function insertMail(
  db: Db,
  message: MailMessage,
  secret: { id: string; secretSealed: Buffer; secretExpiresAt: Date } | null,
  log?: FastifyBaseLogger,
): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      ...secret,
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

/** The wait before the first retry (MAIL_RETRY_SECONDS); later ones grow with the square of the attempts. */
export const FIRST_RETRY_MS = 30_000;

/** 30 s, 2 min, 4.5 min, 8 min … between attempts (with the default first retry). */
export const retryDelayMs = (attempts: number, firstRetryMs = FIRST_RETRY_MS) => firstRetryMs * attempts * attempts;

/** How long a worker owns the rows it claimed; a crashed worker's rows become due again after it. */
export const CLAIM_MS = 2 * 60 * 1000;

export interface Sender {
  send(message: MailMessage & { from: string; messageId: string }): Promise<void>;
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so a receiver (or a mail client) that
 * gets the message twice can tell it is one message. Delivery is at least once: a peer that takes
 * the message and then fails to confirm it, or a worker that dies between sending and marking,
 * means a second send; this header is how the duplicate is recognised. The domain is the sender's.
 */
export function messageIdOf(rowId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${rowId}@${domain}>`;
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
 * The subject and bodies as they go out: the secret (if the message has one) opened and written into
 * the placeholder, wherever it stands ("482913 is your … code" carries it in the subject too).
 */
export type RenderedMail = { subject: string; text: string; html?: string } | { unsendable: string };

export function renderMail(row: OutboxRow, serverSecret: string, now = new Date()): RenderedMail {
  const html = row.htmlBody ?? undefined;
  if (row.secretExpiresAt === null) return { subject: row.subject, text: row.textBody, html };
  if (row.secretSealed === null || row.secretExpiresAt <= now) return { unsendable: "not sent: its one-time code expired first" };
  const secret = openSecret(serverSecret, row.secretSealed, sealedFor(row));
  if (secret === null) return { unsendable: "not sent: its one-time code does not open with this server's secret" };
  const fill = (body: string) => body.replaceAll(MAIL_SECRET_PLACEHOLDER, secret);
  return { subject: fill(row.subject), text: fill(row.textBody), html: html === undefined ? undefined : fill(html) };
}

/** Who sends, and the key that opens the messages' one-time secrets (the server secret). */
export interface Delivery {
  from: string;
  serverSecret: string;
  /** The wait before the first retry; FIRST_RETRY_MS when absent. */
  firstRetryMs?: number;
}

/**
 * Delivers up to `batch` due messages; returns how many were sent. The SMTP conversation happens
 * outside any transaction (on the embedded database a transaction holds every other request), so
 * the rows are claimed first, sent, then marked. At least once: a crash between sending and
 * marking sends that message again once its claim lapses; a normal run never sends one twice.
 * A message's one-time secret is wiped when it is marked sent or given up; one that expires
 * before the next attempt could be made is given up at once.
 */
export async function deliverDueMail(db: Db, sender: Sender, delivery: Delivery, batch = 50): Promise<number> {
  const claimed = await claimDueMail(db, batch);
  if (claimed.length === 0) return 0;
  const erased = await erasedRecipients(db, claimed);
  if (erased.size > 0) {
    await db
      .update(outbox)
      .set({ status: "failed", lastError: ERASED_MAIL_ERROR, claimedUntil: null, secretSealed: null })
      .where(inArray(outbox.id, [...erased]));
  }
  return deliverClaimed(db, sender, delivery, claimed.filter((mail) => !erased.has(mail.id)));
}

async function deliverClaimed(db: Db, sender: Sender, delivery: Delivery, claimed: OutboxRow[]): Promise<number> {
  if (claimed.length === 0) return 0;
  const now = new Date();
  const results = await Promise.all(
    claimed.map(async (mail) => {
      const rendered = renderMail(mail, delivery.serverSecret, now);
      if ("unsendable" in rendered) return { mail, error: rendered.unsendable, tried: false };
      try {
        const messageId = messageIdOf(mail.id, delivery.from);
        await sender.send({ from: delivery.from, to: mail.toAddress, subject: rendered.subject, text: rendered.text, html: rendered.html, messageId });
        return { mail, error: null, tried: true };
      } catch (error) {
        return { mail, error: error instanceof Error ? error.message : String(error), tried: true };
      }
    }),
  );
  const sentIds = results.filter((r) => r.error === null).map((r) => r.mail.id);
  if (sentIds.length > 0) {
    await db
      .update(outbox)
      .set({ status: "sent", sentAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null, claimedUntil: null, secretSealed: null })
      .where(inArray(outbox.id, sentIds));
  }
  for (const { mail, error, tried } of results) {
    if (error === null) continue;
    const attempts = mail.attempts + (tried ? 1 : 0);
    const nextAttemptAt = new Date(Date.now() + retryDelayMs(attempts, delivery.firstRetryMs));
    const secretGone = mail.secretExpiresAt !== null && (!tried || nextAttemptAt >= mail.secretExpiresAt);
    const giveUp = secretGone || attempts >= MAX_ATTEMPTS;
    const lastError = tried && secretGone ? `${error} (not retried: its one-time code expires first)` : error;
    await db
      .update(outbox)
      .set({
        attempts,
        lastError: lastError.slice(0, 500),
        status: giveUp ? "failed" : "pending",
        nextAttemptAt,
        claimedUntil: null,
        ...(giveUp ? { secretSealed: null } : {}),
      })
      .where(eq(outbox.id, mail.id));
  }
  return sentIds.length;
}

/**
 * Housekeeping: wipes the one-time secrets that outlived their expiry (a message that no worker
 * sent in time, e.g. without SMTP) and gives up those messages. Returns how many were wiped.
 */
export async function wipeExpiredMailSecrets(db: Db): Promise<number> {
  const wiped = await db
    .update(outbox)
    .set({
      secretSealed: null,
      status: sql`case when ${outbox.status} = 'pending' then 'failed' else ${outbox.status} end`,
      lastError: sql`case when ${outbox.status} = 'pending' then 'not sent: its one-time code expired first' else ${outbox.lastError} end`,
    })
    .where(and(isNotNull(outbox.secretSealed), lte(outbox.secretExpiresAt, sql`now()`)))
    .returning({ id: outbox.id });
  return wiped.length;
}
