import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxMessage, outbox } from "~/server/db/schema";
import { INBOX_LIMIT_PER_HOUR } from "~/server/features/inbox/routes";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let admissions: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admissions = await signedIn(ctx, ["admissions"]);
});
afterAll(() => ctx.close());

let ipCounter = 0;
const post = (url: string, payload: object, ip = `10.5.0.${++ipCounter % 250}`) => ctx.app.inject({ method: "POST", url, payload, remoteAddress: ip });
const contact = { name: "Vikram Rao", email: "vikram@startup.example", subject: "Hiring two generalists", message: "Can we talk next week?" };
const mentor = { name: "Leela Das", email: "leela@example.com", message: "I want to give back.", experience: "9 years", expertise: "Growth", linkedin: "https://linkedin.com/in/leela" };

describe("Contact Us and Become a Mentor", () => {
  it("stores a contact message and queues an e-mail to each active inbox reader", async () => {
    expect((await post("/api/contact", contact)).json()).toEqual({ ok: true });
    const [row] = await ctx.db.select().from(inboxMessage).where(eq(inboxMessage.email, "vikram@startup.example"));
    expect(row).toMatchObject({ kind: "contact", subject: "Hiring two generalists", handledAt: null });
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.subject, "New contact message: Hiring two generalists"));
    expect(mails.map((m) => m.toAddress)).toEqual([admissions.email]);
    expect(mails[0]!.textBody).toContain("Can we talk next week?");
    expect(mails[0]!.textBody).toContain("http://localhost:3000/admin/inbox");
  });

  it("stores a mentor application with its details", async () => {
    expect((await post("/api/mentor-applications", mentor)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(inboxMessage).where(eq(inboxMessage.email, "leela@example.com"));
    expect(row).toMatchObject({ kind: "mentor", experience: "9 years", expertise: "Growth", linkedin: "https://linkedin.com/in/leela" });
    expect(await ctx.db.select().from(outbox).where(eq(outbox.subject, "New mentor application: Leela Das"))).toHaveLength(1);
  });

  it("gives the spec's message for every invalid field; whitespace counts as empty", async () => {
    const contactCases: [object, string, string][] = [
      [{ ...contact, name: "  " }, "name", "Name is required"],
      [{ ...contact, email: "" }, "email", "Email is required"],
      [{ ...contact, email: "not-an-email" }, "email", "Please enter a valid email address"],
      [{ ...contact, subject: " " }, "subject", "Subject is required"],
      [{ ...contact, message: "" }, "message", "Message is required"],
    ];
    for (const [payload, field, message] of contactCases) {
      const response = await post("/api/contact", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    const mentorCases: [object, string, string][] = [
      [{ ...mentor, name: "" }, "name", "Name is required"],
      [{ ...mentor, email: "x" }, "email", "Please enter a valid email address"],
      [{ ...mentor, message: "  " }, "message", "Please tell us why you'd like to become a mentor"],
      [{ ...mentor, experience: "" }, "experience", "Experience is required"],
      [{ ...mentor, expertise: undefined }, "expertise", "Area of expertise is required"],
      [{ ...mentor, linkedin: "linkedin dot com" }, "linkedin", "Please enter a valid LinkedIn profile URL"],
    ];
    for (const [payload, field, message] of mentorCases) {
      const response = await post("/api/mentor-applications", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect((await post("/api/mentor-applications", { ...mentor, email: "nolink@example.com", linkedin: "" })).statusCode).toBe(200);
  });

  it("accepts and drops messages whose honeypot is filled", async () => {
    await post("/api/contact", { ...contact, email: "bot1@example.com", website: "x" });
    await post("/api/mentor-applications", { ...mentor, email: "bot2@example.com", website: "x" });
    const rows = await ctx.db.select().from(inboxMessage);
    expect(rows.some((r) => r.email.startsWith("bot"))).toBe(false);
  });

  it("limits each form per address per hour", async () => {
    for (let i = 0; i < INBOX_LIMIT_PER_HOUR; i++) expect((await post("/api/contact", contact, "10.4.4.4")).statusCode).toBe(200);
    expect((await post("/api/contact", contact, "10.4.4.4")).statusCode).toBe(429);
    // The mentor form has its own allowance.
    expect((await post("/api/mentor-applications", mentor, "10.4.4.4")).statusCode).toBe(200);
  });
});

describe("Inbox", () => {
  const list = (query = "", cookie = admissions.cookie) => ctx.app.inject({ method: "GET", url: `/api/inbox?${query}`, headers: { cookie } });

  it("lists open messages newest first, filters by kind, and marks one handled and open again", async () => {
    const open = (await list("status=open")).json();
    expect(open.total).toBeGreaterThanOrEqual(2);
    const mentorOnly = (await list("kind=mentor")).json();
    expect(mentorOnly.items.every((m: { kind: string }) => m.kind === "mentor")).toBe(true);
    const target = open.items[0];
    const mark = (handled: boolean) =>
      ctx.app.inject({ method: "PATCH", url: `/api/inbox/${target.id}`, payload: { handled }, headers: { cookie: admissions.cookie } });
    expect((await mark(true)).statusCode).toBe(200);
    const handled = (await list("status=handled")).json();
    expect(handled.items.find((m: { id: string }) => m.id === target.id)).toMatchObject({ handledBy: admissions.name });
    expect((await list("status=open")).json().items.some((m: { id: string }) => m.id === target.id)).toBe(false);
    await mark(false);
    expect((await list("status=open")).json().items.some((m: { id: string }) => m.id === target.id)).toBe(true);
  });

  it("answers 404 for an unknown message and 400 for bad input", async () => {
    const unknown = await ctx.app.inject({
      method: "PATCH",
      url: "/api/inbox/00000000-0000-4000-8000-000000000000",
      payload: { handled: true },
      headers: { cookie: admissions.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await list("status=bogus")).json().error.fields.status).toBe("Must be open, handled or all");
    const badBody = await ctx.app.inject({ method: "PATCH", url: "/api/inbox/not-a-uuid", payload: { handled: "yes" }, headers: { cookie: admissions.cookie } });
    expect(badBody.statusCode).toBe(400);
  });

  it("refuses anonymous callers and staff without the inbox role", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/inbox" })).statusCode).toBe(401);
    for (const role of ["sales", "content"] as const) {
      const staff = await signedIn(ctx, [role]);
      expect((await list("", staff.cookie)).statusCode, role).toBe(403);
    }
  });
});
