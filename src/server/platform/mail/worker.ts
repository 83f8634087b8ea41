import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { deliverDueMail, mailQueued, type Sender } from "./outbox";

/**
 * How long the SMTP conversation may stall. Every wait is well inside the outbox's claim (CLAIM_MS,
 * two minutes): nodemailer's own socket default is ten minutes, so a peer that froze mid-send kept
 * the message past its claim, another worker took it over and the candidate got it twice.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 45_000 };

/** A pooled SMTP transport: a few connections reused across messages, as a bulk send needs. */
export function smtpSender(smtpUrl: string, timeouts = SMTP_TIMEOUTS): Sender & { close(): void } {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  const transport = nodemailer.createTransport({ url: url.toString(), ...timeouts });
  return {
    // Only the envelope, bodies and Message-ID: our `priority` is the outbox's order, not the mail's Importance header.
    send: async ({ from, to, subject, text, html, messageId }) => void (await transport.sendMail({ from, to, subject, text, html, messageId })),
    close: () => transport.close(),
  };
}

const BATCH = 50;

/**
 * Delivers due mail over SMTP until stopped: keeps going while there is a backlog, otherwise polls
 * every `intervalMs`, and wakes at once when this process queues mail (a sign-in code). Each round
 * claims afresh by priority, so a code waits for at most one batch of a bulk send.
 */
export function startMailWorker(options: {
  db: Db;
  smtpUrl: string;
  from: string;
  /** The server secret: opens the one-time codes that messages carry sealed (outbox.ts). */
  secret: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** The wait before a refused message's first retry (MAIL_RETRY_SECONDS). */
  firstRetryMs?: number;
}): { stop(): Promise<void> } {
  const sender = smtpSender(options.smtpUrl);
  const delivery = { from: options.from, serverSecret: options.secret, firstRetryMs: options.firstRetryMs };
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const drain = async () => {
    let total = 0;
    for (;;) {
      again = false;
      const sent = await deliverDueMail(options.db, sender, delivery, BATCH).catch((error: unknown) => {
        options.log.warn({ err: error }, "mail delivery round failed");
        return 0;
      });
      total += sent;
      if (stopped || (sent < BATCH && !again)) break;
    }
    if (total) options.log.info({ sent: total }, "mail delivered");
  };
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => (running = null));
  };
  mailQueued.on("queued", tick);
  const timer = setInterval(tick, options.intervalMs ?? 5000);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      mailQueued.off("queued", tick);
      await running;
      sender.close();
    },
  };
}
