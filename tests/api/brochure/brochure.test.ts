import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brochureDownload, lead } from "~/server/db/schema";
import { BROCHURE_LIMIT_PER_HOUR } from "~/server/features/brochure/routes";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let ipCounter = 0;
const request = (payload: object, ip = `10.7.0.${++ipCounter % 250}`) =>
  ctx.app.inject({ method: "POST", url: "/api/brochure-download", payload, remoteAddress: ip });
const good = { name: "Meera Pillai", email: "Meera.Pillai@Example.com", mobile: "+91 98765 43210" };

describe("brochure requests", () => {
  it("stores the download and creates the lead keyed on the normalised e-mail", async () => {
    const response = await request(good);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const [row] = await ctx.db.select().from(brochureDownload).where(eq(brochureDownload.email, "meera.pillai@example.com"));
    expect(row).toMatchObject({ name: "Meera Pillai", mobile: "+91 98765 43210" });
    const [person] = await ctx.db.select().from(lead).where(eq(lead.email, "meera.pillai@example.com"));
    expect(person).toMatchObject({ fullName: "Meera Pillai", mobile: "919876543210", sourceType: "brochure_download", hasBrochureDownload: true });
  });

  it("a second request adds a download but keeps one lead", async () => {
    await request({ ...good, email: "twice@example.com", mobile: "+91 90000 11111" });
    await request({ ...good, email: "TWICE@example.com ", mobile: "+91 90000 11111" });
    expect(await ctx.db.select().from(brochureDownload).where(eq(brochureDownload.email, "twice@example.com"))).toHaveLength(2);
    expect(await ctx.db.select().from(lead).where(eq(lead.email, "twice@example.com"))).toHaveLength(1);
  });

  it("names the field and the spec's message for each invalid input", async () => {
    const cases: [object, string, string][] = [
      [{ ...good, name: "   " }, "name", "Please enter your name"],
      [{ ...good, name: undefined }, "name", "Please enter your name"],
      [{ ...good, email: "no-at-sign" }, "email", "Please enter a valid email address"],
      [{ ...good, email: "" }, "email", "Email is required"],
      [{ ...good, mobile: " " }, "mobile", "Please enter your mobile number"],
      [{ ...good, mobile: "call me" }, "mobile", "Please enter a valid mobile number"],
    ];
    for (const [payload, field, message] of cases) {
      const response = await request(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
  });

  it("accepts and drops a request whose honeypot is filled", async () => {
    expect((await request({ ...good, email: "bot@example.com", website: "http://spam" })).statusCode).toBe(200);
    expect(await ctx.db.select().from(brochureDownload).where(eq(brochureDownload.email, "bot@example.com"))).toHaveLength(0);
    expect(await ctx.db.select().from(lead).where(eq(lead.email, "bot@example.com"))).toHaveLength(0);
  });

  it("limits requests per address per hour", async () => {
    for (let i = 0; i < BROCHURE_LIMIT_PER_HOUR; i++) expect((await request({ ...good, email: `l${i}@example.com` }, "10.6.6.6")).statusCode).toBe(200);
    const blocked = await request({ ...good, email: "blocked@example.com" }, "10.6.6.6");
    expect(blocked.statusCode).toBe(429);
    expect(await ctx.db.select().from(brochureDownload).where(eq(brochureDownload.email, "blocked@example.com"))).toHaveLength(0);
  });

  it("serves a multi-page PDF brochure as an attachment, with the program's content", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/download-brochure" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="Founders-Find-Brochure.pdf"');
    const body = response.rawPayload;
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    expect((body.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(4);
  });
});

describe("brochure downloads list", () => {
  it("gives admissions the downloads newest first, paginated", async () => {
    const staff = await signedIn(ctx, ["admissions"]);
    const get = (query: string) => ctx.app.inject({ method: "GET", url: `/api/brochure-downloads?${query}`, headers: { cookie: staff.cookie } });
    const all = (await get("pageSize=200")).json();
    expect(all.total).toBe(await ctx.db.$count(brochureDownload));
    const times = all.items.map((item: { downloadedAt: string }) => item.downloadedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Object.keys(all.items[0]).sort()).toEqual(["downloadedAt", "email", "id", "mobile", "name"]);
    const second = (await get("pageSize=2&page=2")).json();
    expect(second.items).toEqual(all.items.slice(2, 4));
    expect((await get("pageSize=0")).statusCode).toBe(400);
  });

  it("refuses anonymous callers and staff without the admissions role", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/brochure-downloads" })).statusCode).toBe(401);
    for (const role of ["sales", "content"] as const) {
      const staff = await signedIn(ctx, [role]);
      const response = await ctx.app.inject({ method: "GET", url: "/api/brochure-downloads", headers: { cookie: staff.cookie } });
      expect(response.statusCode, role).toBe(403);
    }
  });
});
