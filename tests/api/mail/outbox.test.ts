import net from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "~/server/db/schema";
import {
  CLAIM_MS,
  claimDueMail,
  deliverDueMail,
  MAIL_PRIORITY,
  MAIL_SECRET_PLACEHOLDER,
  MAX_ATTEMPTS,
  queueMail,
  queueMailWithSecret,
  wipeExpiredMailSecrets,
  type Sender,
} from "~/server/platform/mail/outbox";
import { smtpSender, SMTP_TIMEOUTS } from "~/server/platform/mail/worker";
import { createTestApp, type TestContext } from "../../helpers/app";
import { startSmtpPeer, type SmtpPeer } from "../../helpers/smtp-peer";

let ctx: TestContext;
/** A real SMTP peer on loopback; `smtp.failing` makes it turn messages away for a while. */
let smtp: SmtpPeer;

beforeAll(async () => {
  ctx = await createTestApp();
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.close();
  await ctx.close();
});
beforeEach(async () => {
  smtp.failing = false;
  // Each test starts with an empty outbox, so "due" means this test's mail only.
  await ctx.db.delete(outbox);
});

/** The worker's sender and key: the app's own server secret opens the sealed one-time codes. */
const SERVER_SECRET = "outbox-test-secret-0123456789-abcdefghij";
const delivery = { from: "Site <no-reply@example.com>", serverSecret: SERVER_SECRET };

const rowOf = async (id: string) => (await ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe("mail outbox", () => {
  it("delivers queued mail over SMTP and marks it sent", async () => {
    const id = await queueMail(ctx.db, { to: "reader@example.com", subject: "Hello there", text: "Body text" });
    const sender = smtpSender(smtp.url);
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(1);
    sender.close();
    const row = await rowOf(id);
    expect(row.status).toBe("sent");
    expect(row.sentAt).not.toBeNull();
    expect(row.claimedUntil).toBeNull();
    const mail = smtp.received.find((m) => m.to.includes("reader@example.com"))!;
    expect(mail.raw).toContain("Subject: Hello there");
    expect(mail.raw).toContain("Body text");
    // A normal run never sends twice.
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes("reader@example.com"))).toHaveLength(1);
  });

  it("keeps mail the peer refused for a retry, and delivers it once the peer recovers", async () => {
    const id = await queueMail(ctx.db, { to: "recover@example.com", subject: "Recover", text: "x" });
    const sender = smtpSender(smtp.url);
    smtp.failing = true;
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(0);
    let row = await rowOf(id);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/451/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is tried.
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(0);

    smtp.failing = false;
    await ctx.db.update(outbox).set({ nextAttemptAt: new Date(0) }).where(eq(outbox.id, id));
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(1);
    sender.close();
    row = await rowOf(id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(2);
    expect(smtp.received.filter((m) => m.to.includes("recover@example.com"))).toHaveLength(1);
  });

  it("retries a refused message after 30 s, or after the first wait the server is given (MAIL_RETRY_SECONDS)", async () => {
    const sender = smtpSender(smtp.url);
    smtp.failing = true;
    for (const [to, firstRetryMs, wait] of [["wait.default@example.com", undefined, 30_000], ["wait.short@example.com", 2_000, 2_000]] as const) {
      const id = await queueMail(ctx.db, { to, subject: "Wait", text: "x" });
      const before = Date.now();
      await deliverDueMail(ctx.db, sender, { ...delivery, firstRetryMs });
      const waited = (await rowOf(id)).nextAttemptAt.getTime() - before;
      expect(waited, to).toBeGreaterThanOrEqual(wait);
      expect(waited, to).toBeLessThan(wait + 5_000);
      await ctx.db.update(outbox).set({ status: "failed" }).where(eq(outbox.id, id));
    }
    smtp.failing = false;
    sender.close();
  });

  it("gives up after the last attempt", async () => {
    const id = await queueMail(ctx.db, { to: "retry@example.com", subject: "Retry", text: "x" });
    const unreachable = smtpSender("smtp://127.0.0.1:1");
    await ctx.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(outbox.id, id));
    await deliverDueMail(ctx.db, unreachable, delivery);
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
    const delivering = deliverDueMail(ctx.db, slowPeer, delivery);
    await sending;
    // On the embedded database a transaction held across the send would block this write until release.
    const write = queueMail(ctx.db, { to: "other@example.com", subject: "Meanwhile", text: "y" }).then(() => "written");
    const outcome = await Promise.race([write, new Promise((resolve) => setTimeout(() => resolve("blocked"), 3000))]);
    release();
    expect(outcome).toBe("written");
    expect(await delivering).toBe(1);
  });

  it("sends one-time codes before bulk mail, whatever the order they were queued in", async () => {
    const bulk = [];
    for (let i = 0; i < 5; i++) bulk.push(await queueMail(ctx.db, { to: `bulk${i}@example.com`, subject: "Bulk", text: "x", priority: MAIL_PRIORITY.bulk }));
    const code = await queueMail(ctx.db, { to: "code@example.com", subject: "Code", text: "123456", priority: MAIL_PRIORITY.code });
    const order: string[] = [];
    const recorder: Sender = { send: async (message) => void order.push(message.to) };
    expect(await deliverDueMail(ctx.db, recorder, delivery, 2)).toBe(2);
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
    expect(await deliverDueMail(ctx.db, recorder, delivery)).toBe(0);
    // The worker that claimed it died mid-send: after the claim lapses it is sent again (at least once).
    await ctx.db.update(outbox).set({ claimedUntil: new Date(Date.now() - 1000) }).where(eq(outbox.id, id));
    expect(await deliverDueMail(ctx.db, recorder, delivery)).toBe(1);
    expect(sent).toEqual(["claimed@example.com"]);
  });

  it("lets two workers share a backlog without sending any message twice", async () => {
    for (let i = 0; i < 30; i++) await queueMail(ctx.db, { to: `share${i}@example.com`, subject: "Share", text: "x" });
    const sent: string[] = [];
    const recorder: Sender = { send: async (message) => void sent.push(message.to) };
    const [a, b] = await Promise.all([deliverDueMail(ctx.db, recorder, delivery, 20), deliverDueMail(ctx.db, recorder, delivery, 20)]);
    expect(a + b).toBe(30);
    expect(await deliverDueMail(ctx.db, recorder, delivery, 20)).toBe(0);
    expect(new Set(sent).size).toBe(30);
    expect(sent).toHaveLength(30);
  });
});

describe("at least once, recognisably", () => {
  it("every attempt at a message carries the same Message-ID, in the sender's domain", async () => {
    const id = await queueMail(ctx.db, { to: "twice@example.com", subject: "Same message", text: "x" });
    const sender = smtpSender(smtp.url);
    // The peer takes the first attempt and answers with a temporary error: to us it is not sent.
    smtp.failing = true;
    const refused = smtp.received.length;
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(0);
    expect(smtp.received.length).toBe(refused);
    smtp.failing = false;
    await ctx.db.update(outbox).set({ nextAttemptAt: new Date(0) }).where(eq(outbox.id, id));
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(1);
    sender.close();
    const raw = smtp.received.find((m) => m.to.includes("twice@example.com"))!.raw;
    expect(raw).toMatch(new RegExp(`^Message-ID: <${id}@example\\.com>`, "mi"));
  });

  it("a peer that freezes mid-conversation fails the attempt within the SMTP limits, long before the claim lapses", async () => {
    expect(Math.max(...Object.values(SMTP_TIMEOUTS))).toBeLessThan(CLAIM_MS / 2);
    // Accepts the connection, says nothing: a frozen mail server.
    const frozen = net.createServer(() => {});
    await new Promise<void>((resolve) => frozen.listen(0, "127.0.0.1", resolve));
    const frozenPort = (frozen.address() as net.AddressInfo).port;
    const id = await queueMail(ctx.db, { to: "frozen@example.com", subject: "Frozen", text: "x" });
    const sender = smtpSender(`smtp://127.0.0.1:${frozenPort}`, { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 500 });
    const started = Date.now();
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    sender.close();
    frozen.close();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, claimedUntil: null });
    expect(row.lastError).toMatch(/timeout|greeting/i);
  });
});

describe("mail carrying a one-time code", () => {
  const inTenMinutes = () => new Date(Date.now() + 10 * 60 * 1000);
  const codeMail = (to: string) => ({
    to,
    subject: "Your code",
    text: `Your code is ${MAIL_SECRET_PLACEHOLDER}.`,
    html: `<p>Your code is ${MAIL_SECRET_PLACEHOLDER}.</p>`,
    priority: MAIL_PRIORITY.code,
  });
  /** Every stored column of the row as text, the sealed secret as its bytes read as text too. */
  const storedText = async (id: string) => {
    const row = await rowOf(id);
    return JSON.stringify(row) + (row.secretSealed ? row.secretSealed.toString("latin1") : "");
  };

  it("stores the code sealed, fills it in at send time over SMTP, then wipes it", async () => {
    const id = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("sealed@example.com"), { value: "482913", expiresAt: inTenMinutes() });
    const queued = await rowOf(id);
    expect(await storedText(id)).not.toContain("482913");
    expect(queued.secretSealed).not.toBeNull();

    const sender = smtpSender(smtp.url);
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(1);
    sender.close();
    const mail = smtp.received.find((m) => m.to.includes("sealed@example.com"))!;
    expect(mail.raw).toContain("Your code is 482913.");
    expect(mail.raw).not.toContain(MAIL_SECRET_PLACEHOLDER);
    const sent = await rowOf(id);
    expect(sent.status).toBe("sent");
    expect(sent.secretSealed).toBeNull();
    expect(await storedText(id)).not.toContain("482913");
  });

  it("keeps the sealed code for a retry while it is valid, and sends it once the peer recovers", async () => {
    const id = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("retry-code@example.com"), { value: "771203", expiresAt: inTenMinutes() });
    const sender = smtpSender(smtp.url);
    smtp.failing = true;
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(0);
    const waiting = await rowOf(id);
    expect(waiting.status).toBe("pending");
    expect(waiting.secretSealed).not.toBeNull();
    smtp.failing = false;
    await ctx.db.update(outbox).set({ nextAttemptAt: new Date(0) }).where(eq(outbox.id, id));
    expect(await deliverDueMail(ctx.db, sender, delivery)).toBe(1);
    sender.close();
    expect(smtp.received.find((m) => m.to.includes("retry-code@example.com"))!.raw).toContain("Your code is 771203.");
    expect((await rowOf(id)).secretSealed).toBeNull();
  });

  it("sends the code again when the worker died between sending and marking (at least once)", async () => {
    const id = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("crash@example.com"), { value: "305517", expiresAt: inTenMinutes() });
    // A worker claims it, sends it, and dies before marking it: the claim lapses.
    expect((await claimDueMail(ctx.db, 10)).map((row) => row.id)).toEqual([id]);
    await ctx.db.update(outbox).set({ claimedUntil: new Date(Date.now() - 1000) }).where(eq(outbox.id, id));
    const texts: string[] = [];
    const recorder: Sender = { send: async (message) => void texts.push(message.text) };
    expect(await deliverDueMail(ctx.db, recorder, delivery)).toBe(1);
    expect(texts).toEqual(["Your code is 305517."]);
  });

  it("gives up a message whose code expired, or would expire before the next attempt, and wipes the code", async () => {
    const late = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("late@example.com"), { value: "123123", expiresAt: new Date(Date.now() + 1000) });
    await ctx.db.update(outbox).set({ secretExpiresAt: new Date(Date.now() - 1000) }).where(eq(outbox.id, late));
    const texts: string[] = [];
    const recorder: Sender = { send: async (message) => void texts.push(message.text) };
    expect(await deliverDueMail(ctx.db, recorder, delivery)).toBe(0);
    expect(texts).toEqual([]);
    let row = await rowOf(late);
    expect(row.status).toBe("failed");
    expect(row.secretSealed).toBeNull();
    expect(row.lastError).toMatch(/expired/);

    // The peer refuses, and the first retry (30 s later) would come after the code's end: given up now.
    const soon = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("soon@example.com"), { value: "456456", expiresAt: new Date(Date.now() + 10_000) });
    const refusing: Sender = { send: async () => Promise.reject(new Error("451 Try again later")) };
    expect(await deliverDueMail(ctx.db, refusing, delivery)).toBe(0);
    row = await rowOf(soon);
    expect(row.status).toBe("failed");
    expect(row.secretSealed).toBeNull();
    expect(row.lastError).toMatch(/451.*expires first/);
  });

  it("opens a sealed code only with the server secret and only for its own message", async () => {
    const own = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("own@example.com"), { value: "909090", expiresAt: inTenMinutes() });
    const other = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("other@example.com"), { value: "111222", expiresAt: inTenMinutes() });
    // Someone with write access moves the sealed code to another recipient's message: it does not open there.
    await ctx.db.update(outbox).set({ secretSealed: (await rowOf(own)).secretSealed }).where(eq(outbox.id, other));
    const sent: { to: string; text: string }[] = [];
    const recorder: Sender = { send: async (message) => void sent.push({ to: message.to, text: message.text }) };
    expect(await deliverDueMail(ctx.db, recorder, delivery)).toBe(1);
    expect(sent).toEqual([{ to: "own@example.com", text: "Your code is 909090." }]);
    expect((await rowOf(other)).status).toBe("failed");
    expect((await rowOf(other)).lastError).toMatch(/does not open/);
    expect((await rowOf(other)).secretSealed).toBeNull();

    // A server with another secret cannot open a code either.
    const foreign = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("foreign@example.com"), { value: "333444", expiresAt: inTenMinutes() });
    expect(await deliverDueMail(ctx.db, recorder, { ...delivery, serverSecret: "another-secret-0123456789-0123456789" })).toBe(0);
    expect(sent).toHaveLength(1);
    expect((await rowOf(foreign)).status).toBe("failed");
    expect((await rowOf(foreign)).secretSealed).toBeNull();
  });

  it("housekeeping wipes expired codes of unsent messages and gives those up; valid ones stay", async () => {
    const expired = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("expired@example.com"), { value: "246810", expiresAt: inTenMinutes() });
    const valid = await queueMailWithSecret(ctx.db, SERVER_SECRET, codeMail("valid@example.com"), { value: "135791", expiresAt: inTenMinutes() });
    const plain = await queueMail(ctx.db, { to: "plain@example.com", subject: "Plain", text: "x" });
    await ctx.db.update(outbox).set({ secretExpiresAt: new Date(Date.now() - 1000) }).where(eq(outbox.id, expired));
    expect(await wipeExpiredMailSecrets(ctx.db)).toBe(1);
    const wiped = await rowOf(expired);
    expect(wiped.secretSealed).toBeNull();
    expect(wiped.status).toBe("failed");
    expect((await rowOf(valid)).secretSealed).not.toBeNull();
    expect((await rowOf(valid)).status).toBe("pending");
    expect((await rowOf(plain)).status).toBe("pending");
  });
});
