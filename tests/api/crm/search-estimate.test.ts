// Issue 21 items 2 to 4 at a scale where the plans and the estimate matter: 50,000 leads, the last
// 2,000 of them imported through the API (its insert-or-update statements), no ANALYZE in between.
// (PGlite writes an import 200 rows at a time in one thread: 50,000 through it took longer than the
// test's fifteen minutes on a busy machine, so most are written as capture and sync write them.)
// A free-text search's "about" is within ±10% of the true count (it was +143% for "sharma": a
// sample of pages); a rare or no-match search, and every tab's count, are exact; the lead an entry
// names outright comes first also when the fragment is common (the rows then come from walking the
// newest-first index).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/server/db/client";
import { EXACT_COUNT_LIMIT, type ImportResult, type LeadPage } from "~/shared/schemas/crm";
import type { Board, BoardCounts } from "~/shared/schemas/crm-bulk";
import { leadFactory, leadImportFile, searchTag } from "../../fixtures/leads";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { multipart } from "../../helpers/multipart";

const LEADS = 50_000;
const IMPORTED = 2_000;
/** Fragments by share of the leads: dense (an estimate), middling (about the exact limit), rare. */
const tag = searchTag("");
const DENSE = `dense${tag}`;
const MIDDLING = `mid${tag}`;
const RARE = `rare${tag}`;
/** The leads' e-mails all end in this one, which is itself a lead's whole e-mail (the oldest). */
const SHARED = `same${tag}@example.org`;

// Lead i: 60% dense, about 8% middling, 20 rare, the rest plain; a quarter paid (CW - Full).
const nameOf = (i: number) => (i % 10 < 6 ? `Person ${DENSE} ${i}` : i % 25 < 3 ? `Person ${MIDDLING} ${i}` : i % 2500 === 7 ? `Person ${RARE}` : `Plain Person ${i}`);

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
let named: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
  named = await leadFactory(ctx.db, { email: SHARED, fullName: "Named Outright", createdAt: new Date(Date.now() - 86_400_000) });
  await ctx.db.execute(sql`analyze lead`);
  const written = LEADS - IMPORTED;
  await ctx.db.execute(sql`
    insert into lead (email, full_name, source_type, lead_stage, lead_status, batch_name, sale_amount, collected_amount, created_at)
    select 'p' || g || '.' || ${SHARED},
      case when g % 10 < 6 then 'Person ' || ${DENSE} || ' ' || g when g % 25 < 3 then 'Person ' || ${MIDDLING} || ' ' || g
        when g % 2500 = 7 then 'Person ' || ${RARE} else 'Plain Person ' || g end,
      'brochure_download',
      case when g % 4 = 0 then 'Connected' else 'New' end, case when g % 4 = 0 then 'CW - Full' else 'New' end,
      case when g % 4 = 0 then 'FF-2026-01' end, case when g % 4 = 0 then 14999 end, case when g % 4 = 0 then 14999 end,
      now() - make_interval(secs => ${LEADS} - g)
    from generate_series(0, ${written - 1}) g`);
  const file = leadImportFile(IMPORTED, (n) => {
    const i = written + n;
    const paid = i % 4 === 0;
    return {
      "Email IDs": `p${i}.${SHARED}`,
      "Full Name": nameOf(i),
      "Lead Stage": paid ? "Connected" : "New",
      "Lead Status": paid ? "CW - Full" : "New",
      "Batch Name": paid ? "FF-2026-01" : "",
      "Sale Amount": paid ? "14999" : "",
      "Collected Amnt.": paid ? "14999" : "",
    };
  });
  const body = multipart("file", "leads.csv", file, "text/csv");
  const response = await ctx.app.inject({ method: "POST", url: "/api/crm/sync-csv", ...body, headers: { ...body.headers, cookie: sales.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<ImportResult>()).toMatchObject({ created: IMPORTED, rejectedRows: 0 });
}, 600_000);
afterAll(() => ctx.close());

const list = async (query: string) => {
  const response = await ctx.app.inject({ method: "GET", url: `/api/crm/leads?${query}`, headers: { cookie: sales.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LeadPage;
};

/** The true number of leads of the tab whose name or e-mail contains `q`. */
async function exactCount(q: string, view: "active" | "paid"): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`select count(*)::int as n from lead where is_paid = ${view === "paid"} and (full_name ilike ${`%${q}%`} or email ilike ${`%${q}%`})`),
  );
  return row!.n;
}

/** Every fragment on both tabs: the count shown against the true one. */
async function offBy(fragments: string[]) {
  const found: { q: string; view: string; shown: number; estimate: boolean; exact: number; offPercent: number }[] = [];
  for (const q of fragments)
    for (const view of ["active", "paid"] as const) {
      const [page, exact] = await Promise.all([list(`q=${q}&view=${view}&limit=1`), exactCount(q, view)]);
      found.push({ q, view, shown: page.total!, estimate: !!page.totalIsEstimate, exact, offPercent: exact ? (100 * (page.total! - exact)) / exact : page.total! ? 100 : 0 });
    }
  return found;
}

describe("the count of a free-text search after 50,000 leads, the last of them imported", () => {
  it("is within ±10% when it is an estimate (labelled so), and exact when the matches are few", { timeout: 120_000 }, async () => {
    const found = await offBy([DENSE, MIDDLING, RARE]);
    for (const f of found) expect(Math.abs(f.offPercent), JSON.stringify(f)).toBeLessThanOrEqual(10);
    // Active "dense" is 22,500 leads: far above the exact limit, so an estimate; the rare name is exact.
    expect(found.find((f) => f.q === DENSE && f.view === "active")).toMatchObject({ estimate: true });
    expect(found.find((f) => f.q === DENSE && f.view === "active")!.exact).toBeGreaterThan(1.5 * EXACT_COUNT_LIMIT);
    for (const f of found.filter((f) => f.q === RARE)) expect(f).toMatchObject({ estimate: false, offPercent: 0 });
    for (const f of found.filter((f) => !f.estimate)) expect(f.shown, JSON.stringify(f)).toBe(f.exact);
  });

  it("on the board: each column lists as the list with its stage, counted exactly or estimated as the list estimates", { timeout: 120_000 }, async () => {
    const kinds = new Set<string>();
    for (const q of [DENSE, MIDDLING, RARE, encodeURIComponent(SHARED)])
      for (const view of ["active", "paid"] as const) {
        const response = await ctx.app.inject({ method: "GET", url: `/api/crm/board?q=${q}&view=${view}&limit=5`, headers: { cookie: sales.cookie } });
        expect(response.statusCode, response.body).toBe(200);
        for (const column of response.json<Board>().columns) {
          const page = await list(`q=${q}&view=${view}&stage=${encodeURIComponent(column.stage)}&limit=5`);
          const what = JSON.stringify({ q, view, stage: column.stage, total: column.total, list: page.total });
          expect({ leads: column.leads.map((l) => l.id), next: !!column.nextCursor }, what).toEqual({ leads: page.leads.map((l) => l.id), next: !!page.nextCursor });
          const fragment = decodeURIComponent(q);
          const [truth] = rowsOf<{ leads: number; sale: number }>(
            await ctx.db.execute(sql`select count(*)::int as leads, coalesce(sum(sale_amount), 0)::int as sale from lead
              where is_paid = ${view === "paid"} and lead_stage = ${column.stage} and (full_name ilike ${`%${fragment}%`} or email ilike ${`%${fragment}%`})`),
          );
          if (column.totalIsEstimate) {
            // As the list estimates it, from the same sample, within ±10%.
            expect({ total: column.total, saleTotal: column.saleTotal }, what).toEqual({ total: page.total, saleTotal: null });
            expect(Math.abs(column.total - truth!.leads), what).toBeLessThanOrEqual(truth!.leads / 10);
          } else {
            // Counted: exact, also where the list stops counting at the limit and says "about".
            expect({ total: column.total, saleTotal: column.saleTotal }, what).toEqual({ total: truth!.leads, saleTotal: truth!.sale });
            if (!page.totalIsEstimate) expect(page.total, what).toBe(column.total);
          }
          if (column.total > 0) kinds.add(column.totalIsEstimate ? "estimate" : "exact");
        }
      }
    expect([...kinds].sort()).toEqual(["estimate", "exact"]);
  });

  it("on the board, leaves a common search's short columns to be counted after the cards (GET /api/crm/board/counts)", { timeout: 120_000 }, async () => {
    // 300 active leads with the dense fragment in Not Connected: too few for the sample to say "about",
    // among 22,500 matches, too many to count in the board's answer.
    await ctx.db.execute(sql`
      insert into lead (email, full_name, source_type, lead_stage, lead_status, sale_amount, created_at)
      select 'p' || (1000000 + g) || '.' || ${SHARED}, 'Person ' || ${DENSE} || ' ' || (1000000 + g), 'brochure_download', 'Not Connected', 'DNR 1', 100, now() - make_interval(secs => g)
      from generate_series(1, 300) g`);
    const get = async <T>(url: string) => {
      const response = await ctx.app.inject({ method: "GET", url, headers: { cookie: sales.cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    const board = await get<Board>(`/api/crm/board?q=${DENSE}&view=active`);
    const byStage = (columns: { stage: string }[]) => new Map(columns.map((c) => [c.stage, c]));
    const shown = byStage(board.columns) as Map<string, Board["columns"][number]>;
    expect(shown.get("Not Connected")).toMatchObject({ totalIsEstimate: true, saleTotal: null, countPending: true });
    expect(shown.get("Not Connected")!.leads).toHaveLength(20);
    expect(shown.get("New")).toMatchObject({ totalIsEstimate: true, countPending: false });
    // Stages with no active leads at all are exactly empty at once.
    for (const stage of ["Connected", "Incorrect"]) expect(shown.get(stage)).toMatchObject({ total: 0, totalIsEstimate: false, countPending: false });
    const counts = byStage((await get<BoardCounts>(`/api/crm/board/counts?q=${DENSE}&view=active`)).columns);
    expect(counts.get("Not Connected")).toEqual({ stage: "Not Connected", total: 300, totalIsEstimate: false, saleTotal: 30_000, countPending: false });
    expect(counts.get("New")).toEqual({ stage: "New", total: shown.get("New")!.total, totalIsEstimate: true, saleTotal: null, countPending: false });
    for (const stage of ["Connected", "Incorrect"]) expect(counts.get(stage)).toMatchObject({ total: 0, totalIsEstimate: false, countPending: false });
  });

  it("follows renames and deletes in the same transaction (the sample is kept by triggers)", { timeout: 120_000 }, async () => {
    // Half the dense leads lose the fragment (an edit's kind of statement), a fifth of the rest are deleted.
    await ctx.db.execute(sql`update lead set full_name = 'Renamed Person' where full_name like ${`%${DENSE}%`} and split_part(substr(email, 2), '.', 1)::int % 2 = 0`);
    await ctx.db.execute(sql`delete from lead where full_name like ${`%${DENSE}%`} and split_part(substr(email, 2), '.', 1)::int % 5 = 1`);
    const found = await offBy([DENSE, "renamed person"]);
    for (const f of found) expect(Math.abs(f.offPercent), JSON.stringify(f)).toBeLessThanOrEqual(10);
    expect(found.find((f) => f.q === "renamed person" && f.view === "active")!.exact).toBeGreaterThan(5_000);
    // The dense fragment's active count is now a little above the exact limit, where the sample has
    // some 630 hits (±4% a standard error; a run once saw +10.5%): "about" the count itself.
    const dense = found.find((f) => f.q === DENSE && f.view === "active")!;
    expect(dense.exact).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(dense).toMatchObject({ estimate: true, offPercent: 0 });
  });

  it("of a no-match search is an exact 0 on both tabs", async () => {
    for (const view of ["active", "paid"]) expect(await list(`q=zzqqxx${tag}&view=${view}&limit=1`)).toMatchObject({ leads: [], total: 0, totalIsEstimate: false });
  });
});

describe("a whole e-mail that many leads' e-mails contain", () => {
  it("lists the lead it names first, then the others newest first, page after page without repeats", { timeout: 60_000 }, async () => {
    const first = await list(`q=${encodeURIComponent(SHARED.toUpperCase())}&view=active&limit=5`);
    const newest = rowsOf<{ id: string }>(
      await ctx.db.execute(sql`select id from lead where not is_paid and email like ${`%.${SHARED}`} order by created_at desc, id desc limit 10`),
    ).map((r) => r.id);
    expect(first.leads.map((l) => l.id)).toEqual([named.id, ...newest.slice(0, 5)]);
    expect(first.totalIsEstimate).toBe(true);
    const second = await list(`q=${encodeURIComponent(SHARED)}&view=active&limit=5&cursor=${first.nextCursor}`);
    expect(second.leads.map((l) => l.id)).toEqual(newest.slice(5, 10));
  });
});
