import { readFileSync } from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lead, leadChange, simulationReport } from "~/server/db/schema";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";
import type { ImportResult, LeadDetail } from "~/shared/schemas/crm";
import { applicationFields, applicationInput, multipartBody } from "../../fixtures/applications";
import { leadFactory } from "../../fixtures/leads";
import { postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { multipart } from "../../helpers/multipart";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN });
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url, headers: { cookie: sales.cookie } });
const post = (url: string) => ctx.app.inject({ method: "POST", url, headers: { cookie: sales.cookie } });
const importCsv = async (text: string | Buffer) => {
  const body = multipart("file", "leads.csv", Buffer.from(text), "text/csv");
  return ctx.app.inject({ method: "POST", url: "/api/crm/sync-csv", ...body, headers: { ...body.headers, cookie: sales.cookie } });
};
let ip = 0;
const brochure = (payload: object) => ctx.app.inject({ method: "POST", url: "/api/brochure-download", payload, remoteAddress: `10.9.0.${++ip}` });
const apply = (overrides: Parameters<typeof applicationInput>[0]) =>
  ctx.app.inject({ method: "POST", url: "/api/applications", ...multipartBody(applicationFields(applicationInput(overrides))), remoteAddress: `10.9.1.${++ip}` });
const leadByEmail = async (email: string) => (await ctx.db.select().from(lead).where(eq(lead.email, email)))[0];

describe("leads captured from what people do", () => {
  it("a brochure request, an application and a simulation report by the same person end as one lead with every engagement", async () => {
    expect((await brochure({ name: "Kavya Iyer", email: "Kavya.Iyer@Example.com", mobile: "98450 55555" })).statusCode).toBe(200);
    expect((await apply({ email: "kavya.iyer@example.com", firstName: "Kavya", lastName: "Iyer", mobile: "9845055555" })).statusCode).toBe(201);
    // Same person, other address, same mobile: still the same lead.
    expect((await brochure({ name: "Kavya I", email: "kavya.work@example.com", mobile: "+91 98450-55555" })).statusCode).toBe(200);
    const report = await postReport(ctx.app, reportInput({ email: "KAVYA.IYER@example.com", fullName: "Kavya Iyer" }));
    expect(report.statusCode, report.body).toBe(200);
    const rows = await ctx.db.select().from(lead).where(inArray(lead.email, ["kavya.iyer@example.com", "kavya.work@example.com"]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hasApplication: true, hasBrochureDownload: true, hasSimulation: true, sourceType: "brochure_download", mobile: "919845055555" });
    const detail = (await get(`/api/crm/leads/${rows[0]!.id}`)).json() as LeadDetail;
    expect(detail.activity.filter((a) => a.kind === "engagement").map((a) => (a as { source: string }).source).sort()).toEqual([
      "application", "brochure_download", "brochure_download", "simulation_attempt",
    ]);
  });
});

describe("POST /api/crm/sync", () => {
  it("backfills unlinked engagements once: a second run creates and updates nothing", async () => {
    const ok = await brochure({ name: "Old Timer", email: "old.timer@example.com", mobile: "9000000001" });
    expect(ok.statusCode).toBe(200);
    const person = (await leadByEmail("old.timer@example.com"))!;
    // As before the CRM: the download exists, but no lead and no link.
    await ctx.db.delete(lead).where(eq(lead.id, person.id));
    const first = await post("/api/crm/sync");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().created).toBeGreaterThanOrEqual(1);
    expect(await leadByEmail("old.timer@example.com")).toMatchObject({ hasBrochureDownload: true, fullName: "Old Timer" });
    expect((await post("/api/crm/sync")).json()).toEqual({ created: 0, updated: 0 });
  });

  it("backfills a simulation report that has no lead, and records the lead on the report", async () => {
    const stored = await postReport(ctx.app, reportInput({ email: "report.only@example.com", fullName: "Report Only" }));
    expect(stored.statusCode, stored.body).toBe(200);
    const person = (await leadByEmail("report.only@example.com"))!;
    // As before the CRM: the report exists, but no lead and no link.
    await ctx.db.delete(lead).where(eq(lead.id, person.id));
    const first = await post("/api/crm/sync");
    expect(first.json()).toMatchObject({ created: 1 });
    const backfilled = (await leadByEmail("report.only@example.com"))!;
    expect(backfilled).toMatchObject({ hasSimulation: true, fullName: "Report Only", sourceType: "simulation_attempt" });
    const [row] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "report.only@example.com"));
    expect(row!.leadId).toBe(backfilled.id);
    expect((await post("/api/crm/sync")).json()).toEqual({ created: 0, updated: 0 });
  });
});

describe("CSV export and import", () => {
  it("exports the spec's columns in order, every cell quoted, formula-safe, named crm-leads-YYYY-MM-DD.csv", async () => {
    await leadFactory(ctx.db, { fullName: '=HYPERLINK("x") "Vik"', email: "export.me@example.com", saleAmount: 14999, collectedAmount: 4999 });
    const response = await get("/api/crm/leads.csv?q=export.me");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/filename="crm-leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = response.body.replace(/^\uFEFF/, "");
    expect(text.split("\n")[0]).toBe(LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(","));
    const [row] = parse(text, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ "Full Name": `'=HYPERLINK("x") "Vik"`, "Email IDs": "export.me@example.com", "Pending Amount": "10000", "Download Brochure?": "Yes" });
    expect(text.split("\n")[1]).toMatch(/^"\d{2}\/\d{2}\/\d{4}","\d{1,2}:\d{2} [AP]M","export.me@example.com","'=HYPERLINK\(""x""\) ""Vik""",/);
  });

  it("imports the legacy sheet: matches the same person once, maps LTB, reports the bad rows by row and column", async () => {
    const response = await importCsv(readFileSync("/work/shared/fixtures/crm-legacy-leads.csv"));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ImportResult;
    expect(result).toMatchObject({ syncedRecords: 7, created: 6, updated: 1, rejectedRows: 2 });
    expect(result.rejected).toEqual(
      expect.arrayContaining([
        { row: 8, field: "Email IDs", message: "Email is required to create a lead (no lead has this mobile)" },
        { row: 9, field: "Email IDs", message: "Not a valid email address" },
        { row: 9, field: "Priority", message: expect.any(String) },
        { row: 9, field: "Lead Stage", message: expect.any(String) },
        { row: 9, field: "Latest Call Date", message: expect.any(String) },
        { row: 9, field: "Sale Amount", message: expect.any(String) },
      ]),
    );
    const riya = (await leadByEmail("riya.sharma@example.com"))!;
    // Its second row (New/New, the defaults) does not send a worked lead back to New; other cells are the sheet's latest.
    expect(riya).toMatchObject({ leadStatus: "Likely to Buy", leadStage: "Connected", priority: "Medium", fullName: "Riya S", mobile: "919845012345", saleAmount: 14999, sourceType: "csv_import" });
    expect(riya.createdAt.toISOString()).toBe("2025-03-14T04:45:00.000Z");
    expect(await leadByEmail("farhan.ali@example.com")).toMatchObject({ leadStatus: "CW - Token", saleAmount: 14999, collectedAmount: 5000, pendingAmount: 9999, batchName: "FF-2025-04", paymentPageUrl: "https://pay.example/ff/farhan" });
    expect(await leadByEmail("sana@example.com")).toMatchObject({ saleAmount: 14999, collectedAmount: 14999, pendingAmount: 0, latestCallTime: null });
    expect(await leadByEmail("vikram@example.com")).toMatchObject({ fullName: 'Vikram "Vik" Rao', motivation: "=cmd|' /C calc'!A0" });
    // The formula comes back out neutralised.
    const exported = (await get("/api/crm/leads.csv?q=vikram@")).body;
    expect(exported).toContain(`"'=cmd|' /C calc'!A0"`);
    // A second import of the same sheet creates nothing new, and writes only what it changes: Riya's
    // two rows (two versions of her in one sheet) each change her lead again; the rest are as the sheet says.
    const again = (await importCsv(readFileSync("/work/shared/fixtures/crm-legacy-leads.csv"))).json() as ImportResult;
    expect(again).toMatchObject({ syncedRecords: 7, created: 0, updated: 2, unchanged: 5 });
  });

  it("an export imported back writes nothing: no new version, no activity entry; an edited row is the only update", async () => {
    const kept = await leadFactory(ctx.db, { email: "round.trip.one@example.com", mobile: "919811100001", leadStage: "Connected", leadStatus: "Pitched", saleAmount: 14999 });
    const edited = await leadFactory(ctx.db, { email: "round.trip.two@example.com", mobile: "919811100002", priority: "Low", notes: "Keep me" });
    const exported = (await get("/api/crm/leads.csv?q=round.trip")).body;
    const activityOf = async (id: string) => (await ctx.db.select().from(leadChange).where(eq(leadChange.leadId, id))).length;
    const before = { kept: await activityOf(kept.id), edited: await activityOf(edited.id) };

    const again = (await importCsv(exported)).json() as ImportResult;
    expect(again).toMatchObject({ syncedRecords: 2, created: 0, updated: 0, unchanged: 2, rejectedRows: 0 });
    expect(await leadByEmail("round.trip.one@example.com")).toMatchObject({ version: kept.version, updatedAt: kept.updatedAt });
    expect(await activityOf(kept.id)).toBe(before.kept);

    // The spreadsheet's one edit: Priority of the second lead.
    const [header, ...rows] = exported.replace(/^\uFEFF/, "").trimEnd().split("\n");
    const priority = LEAD_CSV_COLUMNS.indexOf("Priority");
    const edit = (line: string) => {
      const cells = parse(line)[0] as string[];
      if (cells.includes("round.trip.two@example.com")) cells[priority] = "High";
      return cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(",");
    };
    const once = (await importCsv([header, ...rows.map(edit)].join("\n"))).json() as ImportResult;
    expect(once).toMatchObject({ syncedRecords: 2, created: 0, updated: 1, unchanged: 1 });
    expect(await leadByEmail("round.trip.two@example.com")).toMatchObject({ priority: "High", notes: "Keep me", version: edited.version + 1 });
    expect(await activityOf(edited.id)).toBe(before.edited + 1);
    expect(await leadByEmail("round.trip.one@example.com")).toMatchObject({ version: kept.version });
  });

  it("refuses a file with text the database cannot store (NUL) whole, naming the line and column, and writes none of it", async () => {
    const header = LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(",");
    const rowOf = (cells: Partial<Record<(typeof LEAD_CSV_COLUMNS)[number], string>>) => LEAD_CSV_COLUMNS.map((c) => `"${cells[c] ?? ""}"`).join(",");
    const rows = [
      rowOf({ "Email IDs": "fine.first@example.com", "Full Name": "Fine 😀 Row" }),
      rowOf({ "Email IDs": "two.cells@example.com", "Txn Reference": "abc\u0000", "Txn Reference1": "\u0000def" }),
    ];
    const response = await importCsv(`${header}\n${rows.join("\n")}\n`);
    expect(response.statusCode).toBe(400);
    const column = LEAD_CSV_COLUMNS.indexOf("Txn Reference") + 1;
    expect(response.json().error.fields).toEqual({ file: `Line 3, column ${column} (Txn Reference): contains a NUL character, which cannot be stored` });
    expect(await leadByEmail("fine.first@example.com")).toBeUndefined();
  });

  it("updates an existing lead matched on mobile, keeping what blank cells do not mention", async () => {
    const existing = await leadFactory(ctx.db, { email: "by.mobile@example.com", mobile: "919812345678", notes: "Keep me", priority: "High" });
    const header = LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(",");
    const cells = Object.fromEntries(LEAD_CSV_COLUMNS.map((c) => [c, ""])) as Record<string, string>;
    Object.assign(cells, { Mobile: "98123 45678", "Lead Stage": "Not Connected", "Lead Status": "Call Back" });
    const result = (await importCsv(`${header}\n${LEAD_CSV_COLUMNS.map((c) => `"${cells[c]}"`).join(",")}\n`)).json() as ImportResult;
    expect(result).toMatchObject({ created: 0, updated: 1, rejected: [] });
    expect(await leadByEmail("by.mobile@example.com")).toMatchObject({ id: existing.id, leadStatus: "Call Back", notes: "Keep me", priority: "High", version: 2 });
  });

  it("rejects a rule broken against the stored lead, a file without the columns, and a missing file", async () => {
    await leadFactory(ctx.db, { email: "rule@example.com", saleAmount: 100 });
    const header = '"Email IDs","Mobile","Collected Amnt.","Lead Status"';
    const result = (await importCsv(`${header}\n"rule@example.com","","500",""\n"new.cw@example.com","","","CW - Full"\n`)).json() as ImportResult;
    expect(result.rejected).toEqual([
      { row: 2, field: "Collected Amnt.", message: "Collected amount cannot be more than the sale amount" },
      { row: 3, field: "Batch Name", message: "Batch ID is required to convert a lead to Closed Won" },
    ]);
    const wrong = await importCsv("name,phone\nx,y\n");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty("file");
    const none = await ctx.app.inject({ method: "POST", url: "/api/crm/sync-csv", payload: {}, headers: { cookie: sales.cookie } });
    expect(none.statusCode).toBe(415);
    const nul = await importCsv(`"Email IDs","Mobile","Full Name"\n"nul@example.com","","Bad\u0000Name"\n`);
    expect(nul.json().error.fields).toEqual({ file: expect.stringMatching(/^Line 2, column 3 \(Full Name\): contains a NUL/) });
  });

  it("checks a row by the edit's rule book: the same words as PUT, and a paid lead's stored batch counts (issue 21 §4)", async () => {
    const paid = await leadFactory(ctx.db, { email: "paid.batch@example.com", leadStage: "Connected", leadStatus: "CW - Full", batchName: "FF-2025-01" });
    const header = '"Email IDs","Mobile","Lead Stage","Lead Status","Sale Amount"';
    const rows = ['"paid.batch@example.com","","","CW - Token",""', '"stage.rule@example.com","","New","Pitched",""', '"amount.rule@example.com","","","","-500"'];
    const result = (await importCsv(`${header}\n${rows.join("\n")}\n`)).json() as ImportResult;
    const put = (id: string, payload: object) => ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${id}`, payload, headers: { cookie: sales.cookie } });
    const other = await leadFactory(ctx.db);
    const asPut = async (payload: object) => Object.values((await put(other.id, payload)).json().error.fields as Record<string, string>)[0];
    expect(result.rejected).toEqual([
      { row: 3, field: "Lead Status", message: await asPut({ leadStage: "New", leadStatus: "Pitched" }) },
      { row: 4, field: "Sale Amount", message: await asPut({ saleAmount: -500 }) },
    ]);
    expect(result.rejected.map((r) => r.message)).toEqual(["Pitched is not a status of the New stage", "Sale amount cannot be negative"]);
    expect(await leadByEmail(paid.email)).toMatchObject({ leadStatus: "CW - Token", batchName: "FF-2025-01" });
  });
});
