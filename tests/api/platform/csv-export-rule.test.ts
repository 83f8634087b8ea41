// One CSV rule for every export (issue 21 §12): the CRM export formats its cells in SQL
// (csvCellSql), the other exports in Node (safeCell through csv-stringify, platform/csv.ts).
// The two must guard the same cells the same way, and the CRM export quotes every cell, empty ones too.
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/server/db/client";
import { simulationReport } from "~/server/db/schema";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";
import { receiveReport } from "~/server/features/reports/intake";
import { csvCell, csvCellSql, safeCell } from "~/server/platform/csv";
import { leadFactory, searchTag } from "../../fixtures/leads";
import { reportInput } from "../../fixtures/reports";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let sales: string;
let admissions: string;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = (await signedIn(ctx, ["sales"])).cookie;
  admissions = (await signedIn(ctx, ["admissions"])).cookie;
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string) => ctx.app.inject({ method: "GET", url, headers: { cookie } });

/** Cells a spreadsheet, a CSV reader or the guard could get wrong. */
const TRICKY = [
  "=1+1", "=HYPERLINK(\"http://x\")", "+1+1", "-1+1", "-2*A1", "@SUM(A1)", "\tcall", "\rcall", "=", "+", "-", "@",
  "  =1+1", " -5", " leading spaces", "-5", "+5", "-0.25", "+91", "+919876543210", "+91 98765 43210", "-1e3", "+1.", "1e3",
  "", 'say "hi"', '"=1"', '""', "'=already guarded", "a,b", "two\nlines", "tail\r", "plain@example.com", "₹1,49,990", "ग्राहक",
];

/** The CRM export's cell for `value`, as PostgreSQL writes it. */
async function sqlCell(value: string | null): Promise<string> {
  const answer = await ctx.db.execute(sql`select ${sql.raw(csvCellSql("v"))} as cell from (select ${value}::text as v) as given`);
  return rowsOf<{ cell: string }>(answer)[0]!.cell;
}

describe("the formula guard, one rule in SQL and in Node", () => {
  it("gives each tricky cell the same text in PostgreSQL as safeCell and csvCell give in Node", async () => {
    for (const value of [...TRICKY, null]) expect(await sqlCell(value), JSON.stringify(value)).toBe(csvCell(value));
  });

  it("guards a formula, leaves a plain signed number as it is, and quotes an empty cell", async () => {
    const cases: [string | null, string][] = [
      ["-5", '"-5"'], ["+919876543210", '"+919876543210"'], ["-0.25", '"-0.25"'],
      ["-1+1", `"'-1+1"`], ["+91 98765 43210", `"'+91 98765 43210"`], ["@SUM(A1)", `"'@SUM(A1)"`], ["\tcall", `"'\tcall"`],
      ['=1 "x"', `"'=1 ""x"""`], ["", '""'], [null, '""'],
    ];
    for (const [value, cell] of cases) {
      expect(csvCell(value), JSON.stringify(value)).toBe(cell);
      expect(await sqlCell(value), JSON.stringify(value)).toBe(cell);
    }
  });

  it("never meets a NUL from the database: neither engine stores one, so neither writer needs a rule for it", async () => {
    await expect(ctx.db.execute(sql`select ${"a\u0000b"}::text as v`)).rejects.toThrow();
  });
});

describe("the CRM export and the reports export on the same cells", () => {
  /** One value per lead (Action Items) and per report (Company), found again by a search tag. */
  const tag = searchTag("rule");
  const values = TRICKY.filter((value) => value !== "");
  beforeAll(async () => {
    for (const [i, value] of values.entries()) {
      await leadFactory(ctx.db, { fullName: `Rule ${tag} ${i}`, email: `${tag}.${i}@example.com`, actionItems: value, motivation: null, mobile: null });
      const email = `${tag}.${i}@example.com`;
      await receiveReport(ctx.db, reportInput({ email, fullName: `Rule ${tag} ${i}`, company: "Placeholder", totalScore: 50, completedAt: "2026-11-01T10:00:00Z" }), "http://localhost:3000", { notify: false });
      // The report's company exactly as given, past the intake's tidying.
      await ctx.db.update(simulationReport).set({ company: value }).where(eq(simulationReport.email, email));
    }
  });

  it("quotes every cell of the CRM export, empty ones too, with the guard on each", async () => {
    const response = await get(`/api/crm/leads.csv?q=${tag}`, sales);
    expect(response.statusCode).toBe(200);
    const text = response.body.replace(/^\uFEFF/, "");
    // Every cell quoted: the whole file is quoted cells, commas and line ends, nothing bare (no `,,`).
    expect(text).toMatch(/^("(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*\n)+$/);
    expect(text).not.toMatch(/(^|,)(,|\n)/m);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(values.length);
    for (const row of rows) {
      const i = Number(row["Full Name"]!.split(" ").at(-1));
      expect(row["Action Items"], JSON.stringify(values[i])).toBe(safeCell(values[i]));
      // Null mobile and motivation come out as "" cells.
      expect(row.Mobile).toBe("");
    }
  });

  it("guards each cell exactly as the reports export (platform/csv.ts's writer) does", async () => {
    const crm = parse((await get(`/api/crm/leads.csv?q=${tag}`, sales)).body.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    const reports = await get(`/api/simulation/admin/reports.csv?q=${tag}`, admissions);
    expect(reports.statusCode).toBe(200);
    const reportRows = parse(reports.body.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(reportRows).toHaveLength(values.length);
    const byEmail = new Map(reportRows.map((row) => [row.Email, row.Company]));
    for (const row of crm) {
      const i = Number(row["Full Name"]!.split(" ").at(-1));
      expect(row["Action Items"], JSON.stringify(values[i])).toBe(byEmail.get(row["Email IDs"]));
    }
    // The header is the spec's columns, each quoted.
    expect((await get(`/api/crm/leads.csv?q=${tag}`, sales)).body.replace(/^\uFEFF/, "").split("\n")[0]).toBe(LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(","));
  });
});
