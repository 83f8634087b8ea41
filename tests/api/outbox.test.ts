import { eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "~/server/db/schema";
import { deliverDueMail, MAIL_PRIORITY, MAX_ATTEMPTS, queueMail, type Sender } from "~/server/platform/mail/outbox";
import { smtpSender } from "~/server/platform/mail/worker";
import { createTestApp, type TestContext } from "../helpers/app";

let ctx: TestContext;
let smtp: SMTPServer;
let port = 0;
/** While set, the peer refuses every message with a temporary error (a mail server having a bad minute). */
let failing = false;
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
        if (failing) return callback(Object.assign(new Error("451 Try again later"), { responseCode: 451 }));
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
beforeEach(async () => {
  failing = false;
  // Each test starts with an empty outbox, so "due" means this test's mail only.
  await ctx.db.delete(outbox);
});

const rowOf = async (id: string) => (await ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe("mail outbox", () => {
  it("delivers queued mail over SMTP and marks it sent", async () => {
    const id = await queueMail(ctx.db, { to: "reader@example.com", subject: "Hello there", text: "Body text" });
    const sender = smtpSender(`smtp://127.0.0.1:${port}`);
    expect(await deliverDueMail(ctx.db, sender, "Site <no-reply@example.com>")).toBe(1);
    sender.close();
    const row = await rowOf(id);
    expect(row.status).toBe("sent");
    expect(row.sentAt).not.toBeNull();
    expect(row.claimedUntil).toBeNull();
    const mail = received.find((m) => m.to.includes("reader@example.com"))!;
    expect(mail.raw).toContain("Subject: Hello there");
    expect(mail.raw).toContain("Body text");
    // A normal run never sends twice.
    expect(await deliverDueMail(ctx.db, sender, "a@example.com")).toBe(0);
    expect(received.filter((m) => m.to.includes("reader@example.com"))).toHaveLength(1);
  });

  it("keeps mail the peer refused for a retry, and delivers it once the peer recovers", async () => {
    const id = await queueMail(ctx.db, { to: "recover@example.com", subject: "Recover", text: "x" });
    const sender = smtpSender(`smtp://127.0.0.1:${port}`);
    failing = true;
    expect(await deliverDueMail(ctx.db, sender, "a@example.com")).toBe(0);
    let row = await rowOf(id);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/451/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is tried.
    expect(await deliverDueMail(ctx.db, sender, "a@example.com")).toBe(0);

    failing = false;
    await ctx.db.update(outbox).set({ nextAttemptAt: new Date(0) }).where(eq(outbox.id, id));
    expect(await deliverDueMail(ctx.db, sender, "a@example.com")).toBe(1);
    sender.close();
    row = await rowOf(id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(2);
    expect(received.filter((m) => m.to.includes("recover@example.com"))).toHaveLength(1);
  });

  it("gives up after the last attempt", async () => {
    const id = await queueMail(ctx.db, { to: "retry@example.com", subject: "Retry", text: "x" });
    const unreachable = smtpSender("smtp://127.0.0.1:1");
    await ctx.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(outbox.id, id));
    await deliverDueMail(ctx.db, unreachable, "a@example.com");
    unreachable.close();
    expect((await rowOf(id)).status).toBe("failed");
  });

  it("sends outside any transaction: the database answers while a message is on the wire", async () => {
    await queueMail(ctx.db, { to: "slow@example.com", subject: "Slow", text: "x" });
    let release!: () => void;
    const onTheWire = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const slowPeer: Sender = {
      send: async () => {
        started();
        await onTheWire;
      },
    };
    const delivery = deliverDueMail(ctx.db, slowPeer, "a@example.com");
    await sending;
    // On the embedded database a transaction held across the send would block this write until release.
    const write = queueMail(ctx.db, { to: "other@example.com", subject: "Meanwhile", text: "y" }).then(() => "written");
    const outcome = await Promise.race([write, new Promise((resolve) => setTimeout(() => resolve("blocked"), 3000))]);
    release();
    expect(outcome).toBe("written");
    expect(await delivery).toBe(1);
  });

  it("sends one-time codes before bulk mail, whatever the order they were queued in", async () => {
    const bulk = [];
    for (let i = 0; i < 5; i++) bulk.push(await queueMail(ctx.db, { to: `bulk${i}@example.com`, subject: "Bulk", text: "x", priority: MAIL_PRIORITY.bulk }));
    const code = await queueMail(ctx.db, { to: "code@example.com", subject: "Code", text: "123456", priority: MAIL_PRIORITY.code });
    const order: string[] = [];
    const recorder: Sender = { send: async (message) => void order.push(message.to) };
    expect(await deliverDueMail(ctx.db, recorder, "a@example.com", 2)).toBe(2);
    expect(order[0]).toBe("code@example.com");
    expect((await rowOf(code)).status).toBe("sent");
    const rows = await ctx.db.select().from(outbox).where(inArray(outbox.id, bulk));
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(1);
  });

  it("skips rows another worker has claimed, and takes them over once the claim lapses", async () => {
    const id = await queueMail(ctx.db, { to: "claimed@example.com", subject: "Claimed", text: "x" });
    await ctx.db.update(outbox).set({ claimedUntil: new Date(Date.now() + 60_000) }).where(eq(outbox.id, id));
    const sent: string[] = [];
    const recorder: Sender = { send: async (message) => void sent.push(message.to) };
    expect(await deliverDueMail(ctx.db, recorder, "a@example.com")).toBe(0);
    // The worker that claimed it died mid-send: after the claim lapses it is sent again (at least once).
    await ctx.db.update(outbox).set({ claimedUntil: new Date(Date.now() - 1000) }).where(eq(outbox.id, id));
    expect(await deliverDueMail(ctx.db, recorder, "a@example.com")).toBe(1);
    expect(sent).toEqual(["claimed@example.com"]);
  });

  it("lets two workers share a backlog without sending any message twice", async () => {
    for (let i = 0; i < 30; i++) await queueMail(ctx.db, { to: `share${i}@example.com`, subject: "Share", text: "x" });
    const sent: string[] = [];
    const recorder: Sender = { send: async (message) => void sent.push(message.to) };
    const [a, b] = await Promise.all([deliverDueMail(ctx.db, recorder, "a@example.com", 20), deliverDueMail(ctx.db, recorder, "a@example.com", 20)]);
    expect(a + b).toBe(30);
    expect(await deliverDueMail(ctx.db, recorder, "a@example.com", 20)).toBe(0);
    expect(new Set(sent).size).toBe(30);
    expect(sent).toHaveLength(30);
  });
});
