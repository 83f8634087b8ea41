// What the CRM's speed work must not change (docs/decisions/crm-at-a-million-leads.md): the
// summary only on a first page and current after edits, sessions that end at once,
// the export's dates and quoting, and imports whose batches meet anywhere in the file.
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/server/db/client";
import { lead, leadChange } from "~/server/db/schema";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";
import { leadCsvPages } from "~/server/features/crm/export";
import { importLeadsCsv } from "~/server/features/crm/import";
import { csvLine, safeCell } from "~/server/platform/csv";
import type { LeadPage } from "~/shared/schemas/crm";
import { leadFactory, searchTag } from "../../fixtures/leads";
import { createTestApp, login, signedIn, type TestContext } from "../../helpers/app";
import { staffFactory } from "../../fixtures/staff";
import { expectTimeOrderedSince } from "../../helpers/time-ordered-id";

/** A file's rows as the import reads them (platform/csv-import.ts hands over arrays of cells). */
const cellsOf = (text: string): string[][] => parse(text, { relax_column_count: true });

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

const get = (url: string, cookie = sales.cookie) => ctx.app.inject({ method: "GET", url, headers: { cookie } });
const list = async (query: string) => {
  const response = await get(`/api/crm/leads?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LeadPage;
};

describe("the list's summary", () => {
  const tag = searchTag("sq");
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) await leadFactory(ctx.db, { fullName: `Summary ${tag} ${i}`, saleAmount: 1000, collectedAmount: 400 });
  });

  it("comes with the first page only; later pages are the leads and the cursor", async () => {
    const first = await list(`q=${tag}&limit=2`);
    expect(first).toMatchObject({ total: 3, totalIsEstimate: false, pendingTotal: 1800 });
    const second = await list(`q=${tag}&limit=2&cursor=${first.nextCursor}`);
    expect(second.leads).toHaveLength(1);
    expect(second).not.toHaveProperty("total");
    expect(second).not.toHaveProperty("pendingTotal");
  });

  it("is current right after an edit or a delete made through this server", async () => {
    const before = await list(`q=${tag}`);
    const target = before.leads[0]!;
    const edited = await ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${target.id}`, payload: { collectedAmount: 1000 }, headers: { cookie: sales.cookie } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list(`q=${tag}`)).pendingTotal).toBe(before.pendingTotal! - 600);
    expect((await ctx.app.inject({ method: "DELETE", url: `/api/crm/leads/${target.id}`, headers: { cookie: sales.cookie } })).statusCode).toBe(200);
    expect((await list(`q=${tag}`)).total).toBe(before.total! - 1);
  });
});

describe("staff sessions", () => {
  const me = (cookie: string) => ctx.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });

  it("end at once on sign-out", async () => {
    const person = await staffFactory(ctx.db, ["sales"]);
    const cookie = await login(ctx.app, person.email, person.password);
    expect((await get("/api/crm/owners", cookie)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } })).statusCode).toBeLessThan(300);
    expect((await get("/api/crm/owners", cookie)).statusCode).toBe(401);
  });

  it("end at once when an admin disables the account, and a role taken away is refused at once", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const disabled = await staffFactory(ctx.db, ["sales"]);
    const reroled = await staffFactory(ctx.db, ["sales"]);
    const disabledCookie = await login(ctx.app, disabled.email, disabled.password);
    const reroledCookie = await login(ctx.app, reroled.email, reroled.password);
    expect((await get("/api/crm/owners", disabledCookie)).statusCode).toBe(200);
    expect((await get("/api/crm/owners", reroledCookie)).statusCode).toBe(200);
    const patch = (id: string, payload: object) => ctx.app.inject({ method: "PATCH", url: `/api/staff/${id}`, payload, headers: { cookie: admin.cookie } });
    expect((await patch(disabled.id, { disabled: true })).statusCode).toBe(200);
    expect((await patch(reroled.id, { roles: ["content"] })).statusCode).toBe(200);
    expect((await get("/api/crm/owners", disabledCookie)).statusCode).toBe(401);
    expect((await get("/api/crm/owners", reroledCookie)).statusCode).not.toBe(200);
  });

  it("show a new name at once", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    const person = await staffFactory(ctx.db, ["sales"]);
    const cookie = await login(ctx.app, person.email, person.password);
    expect((await me(cookie)).json()).toMatchObject({ name: person.name });
    await ctx.app.inject({ method: "PATCH", url: `/api/staff/${person.id}`, payload: { name: "Renamed Person" }, headers: { cookie: admin.cookie } });
    expect((await me(cookie)).json()).toMatchObject({ name: "Renamed Person" });
  });
});

describe("the export's text", () => {
  const intl = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit", hourCycle: "h12",
  });
  /** The sheet's style by Intl: "14/03/2025" and "10:15 AM" (12:05 AM just after midnight, 12:05 PM just after noon). */
  const kolkata = (date: Date): [string, string] => {
    const p = Object.fromEntries(intl.formatToParts(date).map((part) => [part.type, part.value]));
    return [`${p.day}/${p.month}/${p.year}`, `${p.hour}:${p.minute} ${String(p.dayPeriod).toUpperCase()}`];
  };
  const exportOf = async (q: string) => {
    const response = await get(`/api/crm/leads.csv?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    return response.body.replace(/^\uFEFF/, "").split("\n").slice(1, -1);
  };

  it("writes Asia/Kolkata dates and times as Intl does, across day edges, noon, midnight and a year", async () => {
    const tag = searchTag("kd");
    const instants = ["2025-03-13T18:30:00Z", "2025-03-13T18:29:59Z", "2025-03-14T06:30:00Z", "2025-03-14T06:59:00Z", "2025-03-14T07:30:00Z", "2024-02-28T18:45:00Z", "2024-12-31T18:30:00Z", "2025-06-30T23:59:00Z"];
    for (let day = 0; day < 366; day += 7) instants.push(new Date(Date.UTC(2024, 0, 1) + day * 86_400_000 + day * 61 * 60_000).toISOString());
    for (const [i, at] of instants.entries()) await leadFactory(ctx.db, { fullName: `Kd ${tag} ${i}`, createdAt: new Date(at) });
    const lines = await exportOf(tag);
    expect(lines).toHaveLength(instants.length);
    const byName = new Map(lines.map((line) => [line.split(",")[3], line]));
    for (const [i, at] of instants.entries()) {
      const [date, time] = kolkata(new Date(at));
      expect(byName.get(`"Kd ${tag} ${i}"`), at).toMatch(new RegExp(`^"${date.replace(/\//g, "\\/")}","${time}",`));
    }
  });

  it("writes each cell as csv-stringify with every cell quoted (empty ones too) would, formulas neutralised", async () => {
    const tag = searchTag("qx");
    const owner = await staffFactory(ctx.db, ["sales"], { name: `Owner "Q" ${tag}` });
    const tricky = await leadFactory(ctx.db, {
      fullName: `=SUM(A1) "${tag}"`, email: `q.${tag}@example.com`, mobile: null, currentProfile: "", motivation: "two\nlines, and a comma",
      linkedIn: "+linkedin", leadOwner: owner.id, priority: "High", leadStage: "Connected", leadStatus: "CW - Token", batchName: "-FF-1",
      latestCallDate: "2025-03-04", latestCallTime: "16:05", paymentPageUrl: "@pay", actionItems: "\tcall", saleAmount: 14999, collectedAmount: 0,
      txnReference: "'quoted'", txnReference1: null, resumeUrl: "https://cv.example/x", hasBrochureDownload: false, createdAt: new Date("2025-03-14T04:45:00Z"),
    });
    const cells = [
      "14/03/2025", "10:15 AM", tricky.email, tricky.fullName, null, "", tricky.motivation, "https://cv.example/x", "No", "+linkedin", owner.name, "High",
      "Connected", "CW - Token", "04/03/2025", "16:05", "@pay", "\tcall", 14999, 0, "'quoted'", 14999, null, "-FF-1",
    ];
    const expected = stringify([cells.map(safeCell)], { quoted: true, quoted_empty: true });
    expect(csvLine(cells)).toBe(expected);
    const response = await get(`/api/crm/leads.csv?q=${tag}`);
    expect(response.body.replace(/^\uFEFF/, "").slice(response.body.replace(/^\uFEFF/, "").indexOf("\n") + 1)).toBe(expected);
  });

  it("pages through the leads in order, each once, a page per write", async () => {
    const tag = searchTag("ex");
    for (let i = 0; i < 5; i++) await leadFactory(ctx.db, { fullName: `Export ${tag} ${i}`, createdAt: new Date(Date.now() - i * 60_000) });
    const chunks: string[] = [];
    for await (const chunk of leadCsvPages(ctx.db, { q: tag, stage: [], status: [] }, undefined, "https://example.com", 2)) chunks.push(chunk);
    // The header, then pages of 2, 2 and 1 rows.
    expect(chunks).toHaveLength(4);
    expect(chunks[0]).toBe(`\uFEFF${LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(",")}\n`);
    const names = chunks.slice(1).join("").trim().split("\n").map((line) => line.split(",")[3]);
    expect(names).toEqual([0, 1, 2, 3, 4].map((i) => `"Export ${tag} ${i}"`));
  });
});

describe("an import whose batches meet anywhere", () => {
  const header = LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(",");
  const rowOf = (cells: Partial<Record<(typeof LEAD_CSV_COLUMNS)[number], string>>) => LEAD_CSV_COLUMNS.map((c) => `"${cells[c] ?? ""}"`).join(",");

  it("never duplicates a person across batches, keeps row numbers and writes every row once", async () => {
    const tag = `ib${Date.now().toString(36)}`;
    const email = (i: number) => `${tag}.${i}@example.com`;
    const existing = await leadFactory(ctx.db, { email: email(0), mobile: "919700000001", priority: "High" });
    const rows = [
      rowOf({ "Email IDs": email(1), "Full Name": "One" }), // row 2
      rowOf({ "Email IDs": email(2), "Full Name": "Two", Mobile: "97000 00002" }), // row 3
      rowOf({ "Email IDs": email(3), "Full Name": "Three" }), // row 4: end of the first batch
      rowOf({ "Email IDs": email(1), "Lead Stage": "Connected", "Lead Status": "Pitched" }), // row 5: the same as row 2, next batch
      rowOf({ Mobile: "+91 97000 00002", "Action Items": "Call" }), // row 6: row 3's person by mobile
      rowOf({ "Email IDs": "not an address" }), // row 7: rejected
      rowOf({ Mobile: "97000 00001", "Lead Status": "LTB" }), // row 8: the stored lead by mobile, legacy status
      rowOf({ "Email IDs": email(3), "Lead Status": "CW - Full" }), // row 9: broken rule (no batch)
      rowOf({ "Email IDs": email(4), "Full Name": "Four" }), // row 10
      rowOf({ "Email IDs": email(4), "Full Name": "Four again" }), // row 11: the same person twice in one batch
    ];
    const cells = cellsOf(`${header}\n${rows.join("\n")}\n`);
    // The file as one chunk, then as the parser hands a file over: the header alone, an empty chunk,
    // chunks that end inside a batch (rows 2–3, 4–7, 8–11 against batches of three).
    const chunked = [cells.slice(0, 1), [], cells.slice(1, 3), cells.slice(3, 7), cells.slice(7)];
    for (const [run, size, chunks] of [[1, 3, [cells]], [2, 2, [cells]], [3, 3, chunked]] as const) {
      const result = await importLeadsCsv(ctx.db, chunks, sales.id, size);
      expect(result.rejected.map((r) => [r.row, r.field])).toEqual([
        [7, "Email IDs"],
        [9, "Batch Name"],
      ]);
      expect(result.rejectedRows).toBe(2);
      expect(result.syncedRecords).toBe(8);
      expect(result.created).toBe(run === 1 ? 4 : 0);
      const stored = await ctx.db.select().from(lead).where(inArray(lead.email, [0, 1, 2, 3, 4].map(email)));
      expect(stored).toHaveLength(5);
      const by = (i: number) => stored.find((l) => l.email === email(i))!;
      expect(by(1)).toMatchObject({ fullName: "One", leadStage: "Connected", leadStatus: "Pitched" });
      expect(by(2)).toMatchObject({ fullName: "Two", actionItems: "Call", mobile: "919700000002" });
      expect(by(0)).toMatchObject({ id: existing.id, leadStatus: "Likely to Buy", priority: "High" });
      expect(by(4).fullName).toBe("Four again");
    }
    // The first run changed the stored lead (row 8); the second found it as the file says and wrote nothing.
    const history = await ctx.db.select().from(leadChange).where(eq(leadChange.leadId, existing.id));
    expect(history.filter((h) => h.kind === "import")).toHaveLength(1);
  });

  it("gives new leads and their activity records time-ordered (version 7) ids", async () => {
    const tag = `iv${Date.now().toString(36)}`;
    const before = Date.now();
    const rows = [1, 2, 3].map((i) => rowOf({ "Email IDs": `${tag}.${i}@example.com`, "Full Name": `Ordered ${i}` }));
    const result = await importLeadsCsv(ctx.db, [cellsOf(`${header}\n${rows.join("\n")}\n`)], sales.id, 2);
    expect(result).toMatchObject({ created: 3, rejected: [] });
    const created = await ctx.db.select().from(lead).where(inArray(lead.email, [1, 2, 3].map((i) => `${tag}.${i}@example.com`)));
    const history = await ctx.db.select().from(leadChange).where(inArray(leadChange.leadId, created.map((l) => l.id)));
    expect(history).toHaveLength(3);
    expectTimeOrderedSince([...created.map((l) => l.id), ...history.map((h) => h.id)], before);
  });

  it("on the embedded way of writing, merges the trigram indexes' pending lists once every 400 leads written", async () => {
    const tag = `ig${Date.now().toString(36)}`;
    const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => rowOf({ "Email IDs": `${tag}.${from + i}@example.com`, "Full Name": `Merged ${from + i}` }));
    const gin = rowsOf<{ name: string }>(
      await ctx.db.execute(sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
        where i.indrelid = 'lead'::regclass and a.amname = 'gin'`),
    );
    expect(gin.length).toBeGreaterThan(0);
    // Pages each index still had pending (merging them, so the next import starts from empty lists).
    const pending = async () => {
      const pages = [];
      for (const { name } of gin) pages.push(rowsOf<{ pages: number }>(await ctx.db.execute(sql`select gin_clean_pending_list(${name}::regclass)::int as pages`))[0]!.pages);
      return pages;
    };
    await pending();
    // Four batches of 100 new leads: merged after the fourth, nothing left pending.
    expect(await importLeadsCsv(ctx.db, [cellsOf(`${header}\n${rows(0, 400).join("\n")}\n`)], sales.id, 100, true)).toMatchObject({ created: 400 });
    expect(await pending()).toEqual(gin.map(() => 0));
    // One more batch: not merged yet, its entries wait in every list.
    expect(await importLeadsCsv(ctx.db, [cellsOf(`${header}\n${rows(400, 100).join("\n")}\n`)], sales.id, 100, true)).toMatchObject({ created: 100 });
    expect((await pending()).every((pages) => pages > 0)).toBe(true);
  });

  it("applies rows in file order when two batches written at once reach one lead through different keys", async () => {
    const tag = `ik${Date.now().toString(36)}`;
    const stored = await leadFactory(ctx.db, { email: `${tag}@example.com`, mobile: "919700000077" });
    const filler = (i: number) => rowOf({ "Email IDs": `${tag}.${i}@example.com`, "Full Name": `Filler ${i}` });
    const rows = [
      rowOf({ "Email IDs": `${tag}@example.com`, "Sale Amount": "20000", Priority: "Low" }), // row 2, by e-mail
      filler(1),
      rowOf({ Mobile: "97000 00077", "Collected Amnt.": "15000", Priority: "High" }), // row 4, by mobile: within row 2's sale
      filler(2),
    ];
    // Batches of two (written at once), then one batch holding both rows.
    for (const [size, created] of [[2, 2], [10, 0]] as const) {
      const result = await importLeadsCsv(ctx.db, [cellsOf(`${header}\n${rows.join("\n")}\n`)], sales.id, size);
      expect(result.rejected).toEqual([]);
      // The stored lead is changed by rows 2 and 4; the fillers are new the first time, unchanged the second.
      expect(result).toMatchObject({ created, updated: 2, unchanged: 2 - created });
      const [after] = await ctx.db.select().from(lead).where(eq(lead.id, stored.id));
      expect(after).toMatchObject({ saleAmount: 20000, collectedAmount: 15000, priority: "High" });
      await ctx.db.update(lead).set({ saleAmount: null, collectedAmount: null, priority: "Medium" }).where(eq(lead.id, stored.id));
    }
  });
});
