import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, staff } from "~/server/db/schema";
import { runDigestTick } from "~/server/features/crm/digest";
import { deliverDueMail } from "~/server/platform/mail/outbox";
import { smtpSender } from "~/server/platform/mail/worker";
import { leadFactory } from "../../fixtures/leads";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { startSmtpPeer, type SmtpPeer } from "../../helpers/smtp-peer";
import { expectSalesOnly } from "./refusals";

/** Issue 23 §2 "Daily digest": one e-mail per owner per day at 09:00 Asia/Kolkata, through the outbox. */
let ctx: TestContext;
let smtp: SmtpPeer;
const base = "http://localhost:3000";
/** 10 Mar 2031 in Kolkata: 08:59, 09:00 and the afternoon; and the next morning. */
const at = (kolkata: string) => new Date(`${kolkata}+05:30`);
const day1 = { early: at("2031-03-10T08:59:00"), nine: at("2031-03-10T09:00:00"), afternoon: at("2031-03-10T15:00:00") };
const day2 = at("2031-03-11T09:01:00");

let busy: Awaited<ReturnType<typeof signedIn>>;
let idle: Awaited<ReturnType<typeof signedIn>>;
let optedOut: Awaited<ReturnType<typeof signedIn>>;
let busyLead: { id: string };
let taskLead: { id: string };

const digestsTo = async (email: string) => (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, email))).filter((m) => m.subject.startsWith("Your CRM day"));

beforeAll(async () => {
  ctx = await createTestApp();
  smtp = await startSmtpPeer();
  busy = await signedIn(ctx, ["sales"]);
  idle = await signedIn(ctx, ["sales"]);
  optedOut = await signedIn(ctx, ["admin"]);
  // Busy: a follow-up overdue since yesterday, a task due this afternoon, and one next week (not listed).
  busyLead = await leadFactory(ctx.db, { leadOwner: busy.id, fullName: "Kavya Menon", followUpDate: "2031-03-09" });
  taskLead = await leadFactory(ctx.db, { leadOwner: busy.id, fullName: "Arjun Das" });
  const task = (title: string, dueDate: string, dueTime: string, cookie = busy.cookie, leadId = taskLead.id) =>
    ctx.app.inject({ method: "POST", url: `/api/crm/leads/${leadId}/tasks`, payload: { title, dueDate, dueTime }, headers: { cookie } });
  expect((await task("Send the brochure", "2031-03-10", "16:00")).statusCode).toBe(201);
  await task("Next week's call", "2031-03-17", "10:00");
  // Idle: only things due later.
  const later = await leadFactory(ctx.db, { leadOwner: idle.id, followUpDate: "2031-03-20" });
  await task("Later", "2031-03-12", "10:00", idle.cookie, later.id);
  // Opted out: something overdue, but the digest is off.
  await leadFactory(ctx.db, { leadOwner: optedOut.id, followUpDate: "2031-03-01" });
  const off = await ctx.app.inject({ method: "PUT", url: "/api/crm/digest-setting", payload: { dailyDigest: false }, headers: { cookie: optedOut.cookie } });
  expect(off.json()).toEqual({ dailyDigest: false });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe("the daily digest", () => {
  it("sends nothing before 09:00 in Kolkata", async () => {
    expect(await runDigestTick(ctx.db, { now: day1.early, publicBaseUrl: base })).toBe(0);
    expect(await digestsTo(busy.email)).toEqual([]);
  });

  it("queues exactly one per owner for the day, with several processes ticking at once", async () => {
    const other = await ctx.anotherProcess();
    const third = await ctx.anotherProcess();
    const ticks = await Promise.all([
      runDigestTick(ctx.db, { now: day1.nine, publicBaseUrl: base }),
      runDigestTick(other.db, { now: day1.nine, publicBaseUrl: base }),
      runDigestTick(third.db, { now: day1.nine, publicBaseUrl: base }),
      runDigestTick(other.db, { now: day1.nine, publicBaseUrl: base }),
    ]);
    expect(ticks.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await digestsTo(busy.email)).toHaveLength(1);
    // Later the same day: nothing more, whichever process ticks.
    expect(await runDigestTick(other.db, { now: day1.afternoon, publicBaseUrl: base })).toBe(0);
    expect(await digestsTo(busy.email)).toHaveLength(1);
  });

  it("sends none to an owner with nothing due, nor to one who turned it off", async () => {
    expect(await digestsTo(idle.email)).toEqual([]);
    expect(await digestsTo(optedOut.email)).toEqual([]);
    const setting = await ctx.app.inject({ method: "GET", url: "/api/crm/digest-setting", headers: { cookie: optedOut.cookie } });
    expect(setting.json()).toEqual({ dailyDigest: false });
  });

  it("lists the overdue and due-today follow-ups and tasks with links to their leads, and goes out over SMTP", async () => {
    const [mail] = await digestsTo(busy.email);
    expect(mail!.subject).toBe("Your CRM day, 10 Mar 2031: 1 overdue, 1 due today");
    expect(mail!.textBody).toContain(`Overdue (1)\n\n- Follow up with Kavya Menon (9 Mar 2031): ${base}/crm?lead=${busyLead.id}`);
    expect(mail!.textBody).toContain(`Due today (1)\n\n- Send the brochure — Arjun Das, due 10 Mar 2031, 4:00 pm: ${base}/crm?lead=${taskLead.id}`);
    expect(mail!.textBody).not.toContain("Next week's call");
    expect(mail!.textBody).toContain(`Turn off the daily digest: ${base}/crm/tasks`);
    expect(mail!.htmlBody).toContain(`href="${base}/crm?lead=${busyLead.id}"`);

    const sender = smtpSender(smtp.url);
    try {
      await deliverDueMail(ctx.db, sender, { from: "Founder's Find <no-reply@example.com>", serverSecret: ctx.app.secret });
    } finally {
      sender.close();
    }
    const received = smtp.received.filter((m) => m.to.includes(busy.email));
    expect(received).toHaveLength(1);
    const raw = received[0]!.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(raw).toContain("Your CRM day, 10 Mar 2031");
    expect(raw).toContain(`${base}/crm?lead=${taskLead.id}`);
  });

  it("comes again the next day while something is still due, and respects turning it back on", async () => {
    await ctx.app.inject({ method: "PUT", url: "/api/crm/digest-setting", payload: { dailyDigest: true }, headers: { cookie: optedOut.cookie } });
    expect(await runDigestTick(ctx.db, { now: day2, publicBaseUrl: base })).toBe(2);
    expect(await digestsTo(busy.email)).toHaveLength(2);
    expect(await digestsTo(optedOut.email)).toHaveLength(1);
    expect(await digestsTo(idle.email)).toEqual([]);
  });

  it("skips deactivated staff", async () => {
    const gone = await signedIn(ctx, ["sales"]);
    await leadFactory(ctx.db, { leadOwner: gone.id, followUpDate: "2031-03-01" });
    await ctx.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, gone.id));
    await runDigestTick(ctx.db, { now: at("2031-03-12T09:00:00"), publicBaseUrl: base });
    expect(await digestsTo(gone.email)).toEqual([]);
  });

  it("names a bad setting's field (400) and is for Sales and Admin only (401, 403)", async () => {
    const bad = await ctx.app.inject({ method: "PUT", url: "/api/crm/digest-setting", payload: { dailyDigest: "yes" }, headers: { cookie: busy.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain("dailyDigest");
    await expectSalesOnly(ctx, [
      { method: "GET", url: "/api/crm/digest-setting" },
      { method: "PUT", url: "/api/crm/digest-setting", payload: { dailyDigest: false } },
    ]);
  });
});
