import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lead, staff } from "~/server/db/schema";
import { BATCH_REQUIRED, OWNER_RULE } from "~/shared/crm/lead-rules";
import { staleLeadMessage } from "~/server/features/crm/update";
import { LEAD_STATUSES, STAGE_STATUSES } from "~/shared/crm/pipeline";
import { EXACT_COUNT_LIMIT, type LeadDetail, type LeadPage } from "~/shared/schemas/crm";
import { leadFactory, searchTag } from "../../fixtures/leads";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

const get = (url: string, cookie = sales.cookie) => ctx.app.inject({ method: "GET", url, headers: { cookie } });
const put = (id: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${id}`, payload, headers: { cookie: sales.cookie, ...headers } });
const list = async (query: string) => {
  const response = await get(`/api/crm/leads?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LeadPage;
};
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe("CRM access", () => {
  it("lets sales and admin in, refuses anonymous (401) and other roles (403)", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const admissions = await signedIn(ctx, ["admissions", "content"]);
    expect((await get("/api/crm/leads", admin.cookie)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: "/api/crm/leads" })).statusCode).toBe(401);
    const refused = await get("/api/crm/leads", admissions.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("forbidden");
  });
});

describe("GET /api/crm/leads", () => {
  const tag = searchTag("zq");
  let paid: Awaited<ReturnType<typeof leadFactory>>;
  let owned: Awaited<ReturnType<typeof leadFactory>>;
  beforeAll(async () => {
    for (let i = 0; i < 7; i++) await leadFactory(ctx.db, { fullName: `Pager ${tag} ${i}`, createdAt: at(100 + i) });
    paid = await leadFactory(ctx.db, {
      fullName: `Paid ${tag}`, leadStage: "Connected", leadStatus: "CW - Token", batchName: "FF-2025-04", saleAmount: 149990, collectedAmount: 50000, createdAt: at(5),
    });
    owned = await leadFactory(ctx.db, {
      fullName: `Owned ${tag}`, email: `Mixed.${tag}@Example.com`.toLowerCase(), mobile: "919845012345", leadOwner: sales.id,
      leadStage: "Not Connected", leadStatus: "DNR 2", saleAmount: 1000, createdAt: at(4), followUpDate: "2020-01-01",
    });
  });

  it("splits Active Leads and Paid Users on the CW - status, newest first, with the pending total", async () => {
    const active = await list(`view=active&q=${tag}`);
    expect(active.leads.map((l) => l.id)).not.toContain(paid.id);
    expect(active.leads[0]!.id).toBe(owned.id);
    expect(active.total).toBe(8);
    expect(active.totalIsEstimate).toBe(false);
    expect(active.pendingTotal).toBe(1000);
    const paidView = await list(`view=paid&q=${tag}`);
    expect(paidView.leads.map((l) => l.id)).toEqual([paid.id]);
    expect(paidView.pendingTotal).toBe(99990);
    expect(paidView.leads[0]).toMatchObject({ pendingAmount: 99990, downloadBrochure: true, sourceType: "brochure_download" });
  });

  it("pages with an opaque keyset cursor until the last page", async () => {
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: LeadPage = await list(`q=Pager ${tag}&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.leads.map((l) => l.fullName));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `Pager ${tag} ${i}`));
    const bad = await get("/api/crm/leads?cursor=not-ours");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("cursor");
  });

  it("searches name and e-mail case-insensitively and the mobile as a substring", async () => {
    expect((await list(`q=${tag.toUpperCase()}`)).leads.map((l) => l.id)).toContain(owned.id);
    expect((await list(`q=MIXED.${tag}`)).leads.map((l) => l.id)).toEqual([owned.id]);
    expect((await list(`q=${encodeURIComponent("98450 123")}`)).leads.map((l) => l.id)).toContain(owned.id);
    expect((await list(`q=${encodeURIComponent("100%_")}`)).leads).toEqual([]);
  });

  it("combines repeated stage and status parameters, owner (and unassigned) and follow-ups due", async () => {
    const both = await list(`q=${tag}&stage=Connected&stage=Not%20Connected&view=active`);
    expect(both.leads.map((l) => l.id)).toEqual([owned.id]);
    expect((await list(`q=${tag}&status=DNR%202&status=New`)).total).toBe(8);
    expect((await list(`q=${tag}&owner=${sales.id}`)).leads.map((l) => l.id)).toEqual([owned.id]);
    expect((await list(`q=${tag}&owner=unassigned`)).total).toBe(7);
    expect((await list(`q=${tag}&followUp=due`)).leads.map((l) => l.id)).toEqual([owned.id]);
  });

  it("estimates the total above 10,000 matches instead of counting every row", async () => {
    await ctx.db.execute(sql`
      insert into lead (email, full_name, source_type, created_at)
      select 'bulk' || n || '@example.com', 'Bulk Person ' || n, 'brochure_download', now() - make_interval(days => n)
      from generate_series(1, ${EXACT_COUNT_LIMIT + 500}) as n`);
    await ctx.db.execute(sql`analyze lead`);
    const broad = await list("q=bulk");
    expect(broad.totalIsEstimate).toBe(true);
    expect(broad.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(broad.leads).toHaveLength(50);
    const narrow = await list("q=Bulk Person 10499");
    expect(narrow).toMatchObject({ total: 1, totalIsEstimate: false });
    await ctx.db.execute(sql`delete from lead where email like 'bulk%@example.com'`);
  });

  it("names each bad filter", async () => {
    for (const [query, field] of [["view=all", "view"], ["stage=Sideways", "stage.0"], ["owner=bob", "owner"], ["limit=0", "limit"], ["followUp=soon", "followUp"]]) {
      const response = await get(`/api/crm/leads?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fields), query).toContain(field);
    }
  });
});

describe("PUT /api/crm/leads/{id}", () => {
  it("applies a one-field inline edit and records who changed what in the activity", async () => {
    const row = await leadFactory(ctx.db);
    const response = await put(row.id, { priority: "High" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ priority: "High", version: 2 });
    const detail = (await get(`/api/crm/leads/${row.id}`)).json() as LeadDetail;
    expect(detail.activity[0]).toMatchObject({ kind: "edit", field: "priority", from: "Medium", to: "High", by: sales.name });
  });

  it("moving the stage inline starts the lead at that stage's first status", async () => {
    const row = await leadFactory(ctx.db);
    const response = await put(row.id, { leadStage: "Not Connected" });
    expect(response.json()).toMatchObject({ leadStage: "Not Connected", leadStatus: STAGE_STATUSES["Not Connected"][0] });
  });

  it("converts to Closed Won only with a batch name, and then it is a paid user", async () => {
    const row = await leadFactory(ctx.db, { leadStage: "Connected", leadStatus: "Pitched" });
    const missing = await put(row.id, { leadStatus: "CW - Full" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ batchName: BATCH_REQUIRED });
    const blank = await put(row.id, { leadStatus: "CW - Full", batchName: "   " });
    expect(blank.json().error.fields).toEqual({ batchName: BATCH_REQUIRED });
    const ok = await put(row.id, { leadStatus: "CW - Full", batchName: " FF-2025-04 " });
    expect(ok.json()).toMatchObject({ leadStatus: "CW - Full", batchName: "FF-2025-04" });
    const [stored] = await ctx.db.select().from(lead).where(eq(lead.id, row.id));
    expect(stored!.isPaid).toBe(true);
    expect((await put(row.id, { batchName: null })).json().error.fields).toEqual({ batchName: BATCH_REQUIRED });
  });

  it("rejects each bad field with a 400 naming it", async () => {
    const row = await leadFactory(ctx.db);
    const cases: [object, string][] = [
      [{ leadStatus: "Pitched" }, "leadStatus"],
      [{ leadStage: "New", leadStatus: "DNR 1" }, "leadStatus"],
      [{ leadStatus: "LTB" }, "leadStatus"],
      [{ leadStage: "Sideways" }, "leadStage"],
      [{ priority: "Urgent" }, "priority"],
      [{ saleAmount: -1 }, "saleAmount"],
      [{ saleAmount: 10.5 }, "saleAmount"],
      [{ collectedAmount: -5 }, "collectedAmount"],
      [{ saleAmount: 100, collectedAmount: 101 }, "collectedAmount"],
      [{ collectedAmount: 1 }, "collectedAmount"],
      [{ pendingAmount: 5 }, "pendingAmount"],
      [{ followUpDate: "2025-02-30" }, "followUpDate"],
      [{ callDate: "tomorrow" }, "callDate"],
      [{ latestCallDate: "32/13/2025" }, "latestCallDate"],
      [{ latestCallTime: "25:00" }, "latestCallTime"],
      [{ paymentPageUrl: "javascript:alert(1)" }, "paymentPageUrl"],
      [{ email: "not-an-email" }, "email"],
      [{ fullName: "  " }, "fullName"],
      [{ mobile: "12" }, "mobile"],
      [{ leadOwner: "nobody" }, "leadOwner"],
      [{ version: 0 }, "version"],
      [{ notes: "x".repeat(5001) }, "notes"],
    ];
    for (const [payload, field] of cases) {
      const response = await put(row.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(payload)).toEqual([field]);
    }
    const [unchanged] = await ctx.db.select().from(lead).where(eq(lead.id, row.id));
    expect(unchanged!.version).toBe(1);
  });

  it("lets only active staff with sales or admin own leads", async () => {
    const row = await leadFactory(ctx.db);
    const content = await signedIn(ctx, ["content"]);
    const leaver = await signedIn(ctx, ["sales"]);
    await ctx.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, leaver.id));
    for (const id of [content.id, leaver.id, "00000000-0000-4000-8000-000000000000"]) {
      const response = await put(row.id, { leadOwner: id });
      expect(response.json().error.fields).toEqual({ leadOwner: OWNER_RULE });
    }
    expect((await put(row.id, { leadOwner: sales.id })).json()).toMatchObject({ leadOwner: sales.id, leadOwnerName: sales.name });
    const owners = (await get("/api/crm/owners")).json().owners.map((o: { id: string }) => o.id);
    expect(owners).toContain(sales.id);
    expect(owners).not.toContain(content.id);
    expect(owners).not.toContain(leaver.id);
    expect((await put(row.id, { leadOwner: null })).json()).toMatchObject({ leadOwner: null });
  });

  it("stores amounts, dates and the derived pending amount", async () => {
    const row = await leadFactory(ctx.db);
    const response = await put(row.id, {
      saleAmount: 149990, collectedAmount: 50000, callDate: "2025-03-18", followUpDate: "2025-03-20", latestCallDate: "2025-03-18",
      latestCallTime: "16:30", paymentPageUrl: "https://pay.example/ff/1", notes: "Asked for EMI", actionItems: "Send EMI options",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pendingAmount: 99990, callDate: "2025-03-18", latestCallTime: "16:30" });
  });

  it("answers 409 when the version sent is stale (body or If-Match), and applies edits without one", async () => {
    const row = await leadFactory(ctx.db);
    const first = await put(row.id, { notes: "First editor", version: 1 });
    expect(first.statusCode).toBe(200);
    const second = await put(row.id, { notes: "Second editor", version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: "conflict", message: staleLeadMessage({ by: sales.name, at: second.json().error.lastChange.at }) });
    const header = await put(row.id, { notes: "Third" }, { "if-match": '"1"' });
    expect(header.statusCode).toBe(409);
    expect((await put(row.id, { notes: "Fresh" }, { "if-match": '"2"' })).statusCode).toBe(200);
    expect((await put(row.id, { notes: "Inline, no version" })).json()).toMatchObject({ notes: "Inline, no version", version: 4 });
  });

  it("refuses an e-mail another lead has (409) and answers 404 for an unknown lead", async () => {
    const one = await leadFactory(ctx.db);
    const two = await leadFactory(ctx.db);
    const taken = await put(two.id, { email: one.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toHaveProperty("email");
    expect((await put("00000000-0000-4000-8000-000000000000", { notes: "x" })).statusCode).toBe(404);
  });

  it("accepts every status of the table in its own stage", async () => {
    const row = await leadFactory(ctx.db);
    for (const status of LEAD_STATUSES) {
      const stage = Object.entries(STAGE_STATUSES).find(([, statuses]) => (statuses as readonly string[]).includes(status))![0];
      const response = await put(row.id, { leadStage: stage, leadStatus: status, batchName: "FF-2025-05" });
      expect(response.statusCode, status).toBe(200);
    }
  });
});

describe("DELETE and detail", () => {
  it("deletes a lead; then it is gone (404)", async () => {
    const row = await leadFactory(ctx.db);
    const response = await ctx.app.inject({ method: "DELETE", url: `/api/crm/leads/${row.id}`, headers: { cookie: sales.cookie } });
    expect(response.statusCode).toBe(200);
    expect((await get(`/api/crm/leads/${row.id}`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "DELETE", url: `/api/crm/leads/${row.id}`, headers: { cookie: sales.cookie } })).statusCode).toBe(404);
  });
});

describe("GET /api/crm/analytics", () => {
  it("computes the spec's §9 figures over the filtered leads", async () => {
    const tag = searchTag("an");
    const make = (overrides: Parameters<typeof leadFactory>[1]) => leadFactory(ctx.db, { fullName: `Stats ${tag}`, ...overrides });
    await make({ leadStage: "Connected", leadStatus: "CW - Token", batchName: "B", saleAmount: 14999, collectedAmount: 5000 });
    await make({ leadStage: "Connected", leadStatus: "CW - Full", batchName: "B", saleAmount: 14999, collectedAmount: 14999 });
    await make({ leadStage: "Connected", leadStatus: "CW - Free", batchName: "B" });
    await make({ leadStage: "Connected", leadStatus: "Pitched", saleAmount: 500 });
    await make({ leadStage: "Connected", leadStatus: "Likely to Buy", createdAt: at(60 * 24 * 30) });
    await make({});
    const response = await get(`/api/crm/analytics?q=${tag}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      newLeads: 5, activePipeline: 2, conversionRate: 33, totalRevenue: 29998, cashCollected: 19999, collectionPending: 9999,
    });
  });
});

