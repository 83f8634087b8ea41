import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/server/db/schema";
import { deliverDueMail, MAX_ATTEMPTS, queueMail } from "~/server/platform/mail/outbox";
import { smtpSender } from "~/server/platform/mail/worker";
import { createTestApp, type TestContext } from "../helpers/app";

let ctx: TestContext;
let smtp: SMTPServer;
let port = 0;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  // A real SMTP peer on loopback: the edge of the world, not a mock of our code.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await ctx.close();
});

describe("mail outbox", () => {
  it("delivers queued mail over SMTP and marks it sent", async () => {
    const id = await queueMail(ctx.db, { to: "reader@example.com", subject: "Hello there", text: "Body text" });
    const sender = smtpSender(`smtp://127.0.0.1:${port}`);
    expect(await deliverDueMail(ctx.db, sender, "Site <no-reply@example.com>")).toBe(1);
    sender.close();
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe("sent");
    expect(row!.sentAt).not.toBeNull();
    const mail = received.find((m) => m.to.includes("reader@example.com"))!;
    expect(mail.raw).toContain("Subject: Hello there");
    expect(mail.raw).toContain("Body text");
  });

  it("keeps failed mail for a later retry, and gives up after the last attempt", async () => {
    const id = await queueMail(ctx.db, { to: "retry@example.com", subject: "Retry", text: "x" });
    const unreachable = smtpSender("smtp://127.0.0.1:1");
    expect(await deliverDueMail(ctx.db, unreachable, "a@example.com")).toBe(0);
    let [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe("pending");
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is tried.
    expect(await deliverDueMail(ctx.db, unreachable, "a@example.com")).toBe(0);
    [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.attempts).toBe(1);

    await ctx.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) }).where(eq(outbox.id, id));
    await deliverDueMail(ctx.db, unreachable, "a@example.com");
    unreachable.close();
    [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe("failed");
  });
});
