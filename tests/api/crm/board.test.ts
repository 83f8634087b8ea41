// Issue 23 §1 "Board view": one column per stage with its count, the sum of its sale amounts and its
// first cards; a column pages by keyset ("Load more" through the list) and the board honours the filters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_STAGES } from "~/shared/crm/pipeline";
import type { LeadPage } from "~/shared/schemas/crm";
import type { Board, BoardCounts } from "~/shared/schemas/crm-bulk";
import { leadFactory, searchTag } from "../../fixtures/leads";
import { staffFactory } from "../../fixtures/staff";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { expectSalesOnly } from "./refusals";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

const get = (url: string, cookie = sales.cookie) => ctx.app.inject({ method: "GET", url, headers: { cookie } });
async function board(query: string): Promise<Board> {
  const response = await get(`/api/crm/board?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Board;
}
const column = (b: Board, stage: string) => b.columns.find((c) => c.stage === stage)!;

/** An owner of their own, so a test's leads are exactly the board under `owner=`. */
async function ownedLeads() {
  const owner = await staffFactory(ctx.db, ["sales"]);
  const base = Date.parse("2026-01-01T00:00:00Z");
  const made = [];
  const specs = [
    { leadStage: "New", leadStatus: "New", saleAmount: null },
    { leadStage: "Not Connected", leadStatus: "Call Back", saleAmount: 1000 },
    { leadStage: "Connected", leadStatus: "Pitched", saleAmount: 149990 },
    { leadStage: "Connected", leadStatus: "Likely to Buy", saleAmount: 50000 },
    { leadStage: "Connected", leadStatus: "Interview", saleAmount: null },
    { leadStage: "Connected", leadStatus: "CW - Full", saleAmount: 99999, collectedAmount: 99999, batchName: "FF-2026-01" },
    { leadStage: "Incorrect", leadStatus: "Test", saleAmount: 7 },
  ];
  for (const [i, spec] of specs.entries()) made.push(await leadFactory(ctx.db, { ...spec, leadOwner: owner.id, createdAt: new Date(base + i * 60_000) }));
  return { owner, made };
}

describe("GET /api/crm/board", () => {
  it("answers 401 to an anonymous caller and 403 to staff without Sales or Admin (the board and its counts)", async () => {
    await expectSalesOnly(ctx, [
      { method: "GET", url: "/api/crm/board" },
      { method: "GET", url: "/api/crm/board/counts?q=sharma" },
    ]);
  });

  it("has one column per stage with its exact count and sum of sale amounts, newest first", async () => {
    const { owner, made } = await ownedLeads();
    const b = await board(`owner=${owner.id}`);
    expect(b.columns.map((c) => c.stage)).toEqual([...LEAD_STAGES]);
    // Active Leads (the default tab): the Closed Won lead is a Paid User.
    expect(column(b, "Connected")).toMatchObject({ total: 3, totalIsEstimate: false, saleTotal: 199990, nextCursor: null });
    expect(column(b, "Connected").leads.map((l) => l.leadStatus)).toEqual(["Interview", "Likely to Buy", "Pitched"]);
    expect(column(b, "Not Connected")).toMatchObject({ total: 1, saleTotal: 1000 });
    expect(column(b, "New")).toMatchObject({ total: 1, saleTotal: 0 });
    expect(column(b, "Incorrect")).toMatchObject({ total: 1, saleTotal: 7 });
    const paid = await board(`owner=${owner.id}&view=paid`);
    expect(column(paid, "Connected")).toMatchObject({ total: 1, saleTotal: 99999 });
    expect(column(paid, "Connected").leads[0]!.id).toBe(made[5]!.id);
    expect(column(paid, "New")).toMatchObject({ total: 0, saleTotal: 0, leads: [] });
  });

  it("pages a column by keyset: Load more is the list's next page under the column's stage", async () => {
    const { owner } = await ownedLeads();
    const first = column(await board(`owner=${owner.id}&limit=2`), "Connected");
    expect(first.leads.map((l) => l.leadStatus)).toEqual(["Interview", "Likely to Buy"]);
    expect(first.nextCursor).toBeTruthy();
    const more = await get(`/api/crm/leads?owner=${owner.id}&stage=Connected&cursor=${first.nextCursor}&limit=2`);
    expect(more.statusCode, more.body).toBe(200);
    const page = more.json() as LeadPage;
    expect(page.leads.map((l) => l.leadStatus)).toEqual(["Pitched"]);
    expect(page.nextCursor).toBeNull();
  });

  it("under one owner or unassigned, each column is the list's first page of its stage, however many newer leads others have", async () => {
    const owner = await staffFactory(ctx.db, ["sales"]);
    const other = await staffFactory(ctx.db, ["sales"]);
    const base = Date.parse("2025-03-01T00:00:00Z");
    const statuses = ["Pitched", "Interview", "Likely to Buy", "Closed Lost", "An old sheet's status"];
    for (let i = 0; i < 15; i++) {
      // Pairs share a moment: the order falls back to the id, as the list's does.
      const createdAt = new Date(base + Math.floor(i / 2) * 60_000);
      await leadFactory(ctx.db, { leadStage: "Connected", leadStatus: statuses[i % statuses.length], leadOwner: owner.id, createdAt });
      await leadFactory(ctx.db, { leadStage: "Connected", leadStatus: statuses[i % statuses.length], leadOwner: null, createdAt });
    }
    for (let i = 0; i < 20; i++) await leadFactory(ctx.db, { leadStage: "Connected", leadStatus: "Pitched", leadOwner: other.id, createdAt: new Date(base + 3_600_000 + i) });
    for (const who of [owner.id, "unassigned"]) {
      const shown = column(await board(`owner=${who}&limit=4`), "Connected");
      const listed = (await get(`/api/crm/leads?owner=${who}&stage=Connected&limit=4`)).json() as LeadPage;
      expect(shown.leads.map((l) => l.id), who).toEqual(listed.leads.map((l) => l.id));
      expect(shown.nextCursor).toBe(listed.nextCursor);
      const next = (await get(`/api/crm/leads?owner=${who}&stage=Connected&limit=4&cursor=${shown.nextCursor}`)).json() as LeadPage;
      const after = (await get(`/api/crm/leads?owner=${who}&stage=Connected&limit=4&cursor=${listed.nextCursor}`)).json() as LeadPage;
      expect(next.leads.map((l) => l.id)).toEqual(after.leads.map((l) => l.id));
    }
    const mine = column(await board(`owner=${owner.id}&limit=100`), "Connected");
    expect(mine.total).toBe(15);
    expect(mine.leads).toHaveLength(15);
    expect(new Set(mine.leads.map((l) => l.leadStatus))).toEqual(new Set(statuses));
  });

  it("honours the filter bar: stages shown, statuses, search", async () => {
    const { owner } = await ownedLeads();
    const staged = await board(`owner=${owner.id}&stage=Incorrect&stage=New`);
    expect(staged.columns.map((c) => c.stage)).toEqual(["New", "Incorrect"]);
    const status = await board(`owner=${owner.id}&status=Pitched&status=Call+Back`);
    expect(status.columns.map((c) => [c.stage, c.total, c.saleTotal])).toEqual([
      ["New", 0, 0],
      ["Not Connected", 1, 1000],
      ["Connected", 1, 149990],
      ["Incorrect", 0, 0],
    ]);
    const tag = searchTag("boardsearch");
    await leadFactory(ctx.db, { fullName: `${tag} One`, leadStage: "Connected", leadStatus: "Pitched", saleAmount: 500 });
    await leadFactory(ctx.db, { fullName: `${tag} Two`, leadStage: "Connected", leadStatus: "Interview", saleAmount: 250 });
    await leadFactory(ctx.db, { fullName: `${tag} Three`, leadStage: "New", leadStatus: "New" });
    const searched = await board(`q=${tag}`);
    expect(searched.columns.map((c) => [c.stage, c.total, c.saleTotal, c.leads.length, c.countPending])).toEqual([
      ["New", 1, 0, 1, false],
      ["Not Connected", 0, 0, 0, false],
      ["Connected", 2, 750, 2, false],
      ["Incorrect", 0, 0, 0, false],
    ]);
    // The counts the page asks for after a search with counts pending: the same figures.
    const counts = await get(`/api/crm/board/counts?q=${tag}`);
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json<BoardCounts>().columns).toEqual(searched.columns.map(({ leads: _l, nextCursor: _n, ...count }) => count));
  });

  it("keeps the sums exact after a move and a changed sale amount", async () => {
    const { owner, made } = await ownedLeads();
    const pitched = made[2]!;
    const moved = await ctx.app.inject({
      method: "PUT",
      url: `/api/crm/leads/${pitched.id}`,
      payload: { leadStage: "Not Connected", leadStatus: "DNR 1", saleAmount: 10, version: pitched.version },
      headers: { cookie: sales.cookie },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const b = await board(`owner=${owner.id}`);
    expect(column(b, "Connected")).toMatchObject({ total: 2, saleTotal: 50000 });
    expect(column(b, "Not Connected")).toMatchObject({ total: 2, saleTotal: 1010 });
  });

  it("names the field of bad input (400)", async () => {
    const response = await get("/api/crm/board?limit=0");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty("limit");
    for (const url of ["/api/crm/board?stage=Nowhere", "/api/crm/board/counts?q=x&stage=Nowhere"]) {
      const stage = await get(url);
      expect(stage.statusCode, url).toBe(400);
      expect(JSON.stringify(stage.json().error.fields)).toContain("stage");
    }
  });
});
