import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, simulationReport } from "~/server/db/schema";
import { REPORT_CSV_COLUMNS } from "~/server/features/reports/admin-routes";
import { receiveReport } from "~/server/features/reports/intake";
import { createTestApp, signedIn, type TestContext } from "../helpers/app";
import { reportInput } from "../fixtures/reports";

let ctx: TestContext;
let admissions: string;
const BASE = "http://localhost:3000";

beforeAll(async () => {
  ctx = await createTestApp();
  admissions = (await signedIn(ctx, ["admissions"])).cookie;
  const people = [
    { email: "ananya@example.com", fullName: "Ananya Bose", company: "Crunchbox Foods", totalScore: 91, at: "2026-11-01T10:00:00Z" },
    { email: "ananya@example.com", fullName: "Ananya Bose", company: "Crunchbox Foods", totalScore: 64, at: "2026-11-02T10:00:00Z" },
    { email: "kabir@example.com", fullName: "Kabir Das", company: "=HYPERLINK(\"x\")", totalScore: 80, at: "2026-11-03T10:00:00Z" },
    { email: "lata@example.com", fullName: "Lata 100%_Sure", company: "Peak Ventures", totalScore: 59.5, at: "2026-11-04T10:00:00Z" },
    { email: "mohan@example.com", fullName: "Mohan Rao", company: null, totalScore: 30, at: "2026-11-05T10:00:00Z" },
  ];
  for (const p of people) {
    await receiveReport(ctx.db, reportInput({ email: p.email, fullName: p.fullName, company: p.company ?? undefined, totalScore: p.totalScore, completedAt: p.at }), BASE, { notify: false });
  }
});
afterAll(() => ctx.close());

const get = (url: string, cookie = admissions) => ctx.app.inject({ method: "GET", url, headers: { cookie } });

describe("GET /api/simulation/admin/reports", () => {
  it("lists newest first with the summary over the whole set", async () => {
    const page = (await get("/api/simulation/admin/reports")).json();
    expect(page.items.map((r: { name: string }) => r.name)).toEqual(["Mohan Rao", "Lata 100%_Sure", "Kabir Das", "Ananya Bose", "Ananya Bose"]);
    expect(page.summary).toEqual({ total: 5, highPerformers: 2, averageScore: 65, uniqueUsers: 4 });
    const first = page.items[0];
    expect(first).toMatchObject({ email: "mohan@example.com", company: null, totalScore: 30 });
    expect(first.strategy).toBeTypeOf("number");
    expect(first.tech).toBeTypeOf("number");
  });

  it("searches name, e-mail and company case-insensitively, with LIKE wildcards taken literally", async () => {
    const names = async (q: string) => (await get(`/api/simulation/admin/reports?q=${encodeURIComponent(q)}`)).json().items.map((r: { name: string }) => r.name);
    expect(await names("CRUNCHBOX")).toEqual(["Ananya Bose", "Ananya Bose"]);
    expect(await names("kabir@")).toEqual(["Kabir Das"]);
    expect(await names("peak")).toEqual(["Lata 100%_Sure"]);
    expect(await names("%_")).toEqual(["Lata 100%_Sure"]);
    expect(await names("nobody")).toEqual([]);
    const filtered = (await get("/api/simulation/admin/reports?q=ananya")).json().summary;
    expect(filtered).toEqual({ total: 2, highPerformers: 1, averageScore: 78, uniqueUsers: 1 });
  });

  it("filters by band: high 80+, medium 60 to below 80, low below 60", async () => {
    const scores = async (band: string) => (await get(`/api/simulation/admin/reports?band=${band}`)).json().items.map((r: { totalScore: number }) => r.totalScore);
    expect(await scores("high")).toEqual([80, 91]);
    expect(await scores("medium")).toEqual([64]);
    expect(await scores("low")).toEqual([30, 59.5]);
    const bad = await get("/api/simulation/admin/reports?band=top");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.band).toBeTruthy();
  });

  it("pages with an opaque cursor", async () => {
    const first = (await get("/api/simulation/admin/reports?limit=2")).json();
    expect(first.items).toHaveLength(2);
    const second = (await get(`/api/simulation/admin/reports?limit=2&cursor=${first.nextCursor}`)).json();
    const third = (await get(`/api/simulation/admin/reports?limit=2&cursor=${second.nextCursor}`)).json();
    expect([...first.items, ...second.items, ...third.items].map((r: { slug: string }) => r.slug)).toHaveLength(5);
    expect(new Set([...first.items, ...second.items, ...third.items].map((r: { slug: string }) => r.slug)).size).toBe(5);
    expect(third.nextCursor).toBeNull();
    expect((await get("/api/simulation/admin/reports?cursor=garbage")).json().error.fields.cursor).toBeTruthy();
  });

  it("refuses content and sales staff", async () => {
    for (const role of ["content", "sales"] as const) {
      const cookie = (await signedIn(ctx, [role])).cookie;
      expect((await get("/api/simulation/admin/reports", cookie)).statusCode).toBe(403);
      expect((await get("/api/simulation/admin/reports.csv", cookie)).statusCode).toBe(403);
    }
  });
});

describe("GET /api/simulation/admin/reports.csv", () => {
  it("streams the spec's columns, formula-safe, with the report URL, honouring the filter", async () => {
    const response = await get("/api/simulation/admin/reports.csv?band=high");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/simulation-reports-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = response.body.replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines[0]).toBe(REPORT_CSV_COLUMNS.map((c) => `"${c}"`).join(","));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const [kabir] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "kabir@example.com"));
    expect(lines[1]).toContain(`"${BASE}/simulation-report/${kabir!.slug}"`);
  });
});

describe("Email notifications", () => {
  it("sends a test e-mail and names a missing field", async () => {
    const payload = { email: "tester@example.com", fullName: "Test Person", simulationType: "Diagnostic", totalScore: 77, slug: "abc" };
    const ok = await ctx.app.inject({ method: "POST", url: "/api/simulation/send-notification", headers: { cookie: admissions }, payload });
    expect(ok.statusCode).toBe(200);
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, "tester@example.com"));
    expect(mail!.textBody).toContain("You scored 77%");
    const missing = await ctx.app.inject({ method: "POST", url: "/api/simulation/send-notification", headers: { cookie: admissions }, payload: { ...payload, fullName: "" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.fullName).toBe("fullName is required");
  });

  it("bulk-sends to every candidate not yet told, once; a second run sends nothing", async () => {
    const first = await ctx.app.inject({ method: "POST", url: "/api/simulation/send-bulk-notifications", headers: { cookie: admissions, "content-type": "application/json" } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ successCount: 5, errorCount: 0 });
    expect(await ctx.db.select().from(simulationReport).where(isNull(simulationReport.notifiedAt))).toHaveLength(0);
    const toAnanya = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, "ananya@example.com"));
    expect(toAnanya).toHaveLength(2);
    expect(toAnanya.every((m) => m.priority < 0)).toBe(true);

    const second = await ctx.app.inject({ method: "POST", url: "/api/simulation/send-bulk-notifications", headers: { cookie: admissions } });
    expect(second.json()).toEqual({ successCount: 0, errorCount: 0 });

    const status = (await get("/api/simulation/admin/notifications")).json();
    expect(status.counts).toEqual({ queued: 5, sent: 0, failed: 0, untold: 0 });
    expect(status.recent).toHaveLength(5);
    expect(status.recent[0].state).toBe("queued");
  });
});
