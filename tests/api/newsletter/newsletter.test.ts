import { eq } from "drizzle-orm";
import { formatDateTime } from "~/shared/format-date";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscription, outbox } from "~/server/db/schema";
import { NEWSLETTER_LIMIT_PER_HOUR } from "~/server/features/newsletter/routes";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let ipCounter = 0;
const subscribe = (payload: object, ip = `10.9.0.${++ipCounter % 250}`) =>
  ctx.app.inject({ method: "POST", url: "/api/newsletter", payload, remoteAddress: ip });
const rowsFor = (email: string) => ctx.db.select().from(newsletterSubscription).where(eq(newsletterSubscription.email, email));

describe("newsletter", () => {
  it("stores one subscription per normalised address; a second sign-up is a success, not a new row", async () => {
    expect((await subscribe({ email: "  Priya.Shah@Example.COM " })).json()).toEqual({ ok: true });
    expect((await subscribe({ email: "priya.shah@example.com" })).statusCode).toBe(200);
    const rows = await rowsFor("priya.shah@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.unsubscribeToken.length).toBeGreaterThanOrEqual(20);
  });

  it("queues one welcome e-mail carrying the unsubscribe link", async () => {
    await subscribe({ email: "welcome@example.com" });
    await subscribe({ email: "welcome@example.com" });
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, "welcome@example.com"));
    expect(mails).toHaveLength(1);
    const [row] = await rowsFor("welcome@example.com");
    expect(mails[0]!.textBody).toContain(`http://localhost:3000/unsubscribe?token=${row!.unsubscribeToken}`);
    expect(mails[0]!.status).toBe("pending");
  });

  it("answers a malformed or missing address with 400 naming the field", async () => {
    for (const payload of [{ email: "not-an-address" }, { email: "a@b" }, {}, { email: 42 }]) {
      const response = await subscribe(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(["email"]);
    }
    expect((await subscribe({ email: "" })).json().error.fields.email).toBe("Email is required");
  });

  it("accepts and drops a sign-up whose honeypot is filled", async () => {
    expect((await subscribe({ email: "bot@example.com", website: "http://spam" })).statusCode).toBe(200);
    expect(await rowsFor("bot@example.com")).toHaveLength(0);
  });

  it("limits sign-ups per address per hour", async () => {
    const ip = "10.8.8.8";
    for (let i = 0; i < NEWSLETTER_LIMIT_PER_HOUR; i++) {
      expect((await subscribe({ email: `limit-${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    const blocked = await subscribe({ email: "limit-last@example.com" }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(await rowsFor("limit-last@example.com")).toHaveLength(0);
  });

  it("unsubscribes with the token, refuses an unknown token, and a later sign-up renews it", async () => {
    await subscribe({ email: "leaving@example.com" });
    const [row] = await rowsFor("leaving@example.com");
    const out = await ctx.app.inject({ method: "POST", url: "/api/newsletter/unsubscribe", payload: { token: row!.unsubscribeToken } });
    expect(out.statusCode).toBe(200);
    expect((await rowsFor("leaving@example.com"))[0]!.unsubscribedAt).not.toBeNull();
    const unknown = await ctx.app.inject({ method: "POST", url: "/api/newsletter/unsubscribe", payload: { token: "x".repeat(32) } });
    expect(unknown.statusCode).toBe(404);
    await subscribe({ email: "leaving@example.com" });
    expect((await rowsFor("leaving@example.com"))[0]!.unsubscribedAt).toBeNull();
  });

  it("lets admissions list, search and page subscribers", async () => {
    for (const name of ["page-a", "page-b", "page-c"]) await subscribe({ email: `${name}@list.example` });
    await subscribe({ email: "someone-else@elsewhere.example" });
    const staff = await signedIn(ctx, ["admissions"]);
    const get = (query: string) => ctx.app.inject({ method: "GET", url: `/api/newsletter/subscribers?${query}`, headers: { cookie: staff.cookie } });
    const first = (await get("q=list.example&pageSize=2&page=1")).json();
    expect(first.total).toBe(3);
    // `overall` counts every subscriber, whatever the search: it is what the CSV export holds.
    const everyone = (await ctx.db.select().from(newsletterSubscription)).length;
    expect(everyone).toBeGreaterThanOrEqual(4);
    expect(first.overall).toBe(everyone);
    expect(first.items.map((s: { email: string }) => s.email)).toEqual(["page-a@list.example", "page-b@list.example"]);
    const second = (await get("q=list.example&pageSize=2&page=2")).json();
    expect(second.items.map((s: { email: string }) => s.email)).toEqual(["page-c@list.example"]);
    const bad = await get("pageSize=5000");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("pageSize");
  });

  it("exports every subscriber as CSV, paging through the database", async () => {
    const staff = await signedIn(ctx, ["admin"]);
    const response = await ctx.app.inject({ method: "GET", url: "/api/newsletter/subscribers.csv", headers: { cookie: staff.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines[0]).toBe('"Email","Subscribed At","Unsubscribed At"');
    const total = (await ctx.db.select().from(newsletterSubscription)).length;
    expect(lines).toHaveLength(total + 1);
    expect(response.body).toContain('"priya.shah@example.com"');
    // The screens' one date style (Asia/Kolkata), not UTC ISO.
    const [row] = await ctx.db.select().from(newsletterSubscription).where(eq(newsletterSubscription.email, "priya.shah@example.com"));
    const line = lines.find((l) => l.startsWith('"priya.shah@example.com"'));
    expect(line).toBe(`"priya.shah@example.com","${formatDateTime(row!.subscribedAt)}",${row!.unsubscribedAt ? `"${formatDateTime(row!.unsubscribedAt)}"` : ""}`);
    expect(formatDateTime(row!.subscribedAt)).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} [ap]m$/);
  });
});
