import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { deliverDueMail, type Sender } from "./outbox";

export function smtpSender(smtpUrl: string): Sender & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => void (await transport.sendMail(message)),
    close: () => transport.close(),
  };
}

/** Polls the outbox and delivers due mail over SMTP until stopped. */
export function startMailWorker(options: {
  db: Db;
  smtpUrl: string;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const sender = smtpSender(options.smtpUrl);
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = deliverDueMail(options.db, sender, options.from)
      .then((sent) => sent && options.log.info({ sent }, "mail delivered"))
      .catch((error) => options.log.warn({ err: error }, "mail delivery round failed"));
  };
  const timer = setInterval(tick, options.intervalMs ?? 5000);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      sender.close();
    },
  };
}
