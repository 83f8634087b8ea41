// Import any spreadsheet, safely (issue 23 §5): a CSV or XLSX upload kept in the database, its columns
// matched to lead fields with suggestions, a mapping saved for next time (own or the team's), a dry
// run whose counts are the real run's, bad mappings named, one file imported once at a time, and an
// import resumed from its checkpoint after kill -9 of the server running it.
import { readFileSync } from "node:fs";
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importUpload, importUploadChunk, lead, leadChange } from "~/server/db/schema";
import { IMPORT_BATCH, PGLITE_IMPORT_BATCH } from "~/server/features/crm/import";
import { IMPORT_FIELDS, type ImportMapping } from "~/shared/crm/import-fields";
import type { ImportUpload } from "~/shared/schemas/crm-import";
import type { ImportResult, LeadImportJob } from "~/shared/schemas/crm";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { testEngine } from "../../helpers/database";
import { multipart } from "../../helpers/multipart";
import { freshDatabase, startServer, stopServer, uploadFile, type Cleanup, type ServerProcess } from "../../helpers/server-process";
import { xlsxOf } from "../../helpers/xlsx";
import { sharedFixture } from "../../helpers/shared-fixtures";

const FIXTURE = readFileSync(sharedFixture("crm-legacy-leads.csv"));

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
const cleanup: Cleanup = [];
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await ctx.close();
});

const upload = (data: Buffer, name = "leads.csv", cookie: string | null = sales.cookie) => {
  const body = multipart("file", name, data, name.endsWith(".xlsx") ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv");
  return ctx.app.inject({ method: "POST", url: "/api/crm/imports", ...body, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
};
const uploaded = async (data: Buffer, name?: string, cookie?: string) => {
  const answer = await upload(data, name, cookie);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<ImportUpload>();
};
const start = (id: string, action: "dry-run" | "run", body: object, cookie: string | null = sales.cookie, prefer?: string) =>
  ctx.app.inject({ method: "POST", url: `/api/crm/imports/${id}/${action}`, payload: body, headers: { ...(cookie ? { cookie } : {}), ...(prefer ? { prefer } : {}) } });
const result = async (id: string, action: "dry-run" | "run", mapping: object, save?: string) => {
  const answer = await start(id, action, { mapping, ...(save ? { save } : {}) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ImportResult>();
};
const leadsTagged = async (tag: string) => (await ctx.db.select({ n: count() }).from(lead).where(like(lead.email, `%${tag}%`)))[0]!.n;
const changesCount = async () => (await ctx.db.select({ n: count() }).from(leadChange))[0]!.n;
const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(",")).join("\n") + "\n");

describe("who may import", () => {
  it("refuses anonymous callers (401) and staff without sales or admin (403) on every route", async () => {
    const admissions = await signedIn(ctx, ["admissions", "content"]);
    expect((await upload(FIXTURE, "a.csv", null)).statusCode).toBe(401);
    expect((await upload(FIXTURE, "a.csv", admissions.cookie)).statusCode).toBe(403);
    const { id, mapping } = await uploaded(FIXTURE);
    for (const action of ["dry-run", "run"] as const) {
      expect((await start(id, action, { mapping }, null)).statusCode).toBe(401);
      expect((await start(id, action, { mapping }, admissions.cookie)).statusCode).toBe(403);
    }
  });
});

describe("columns matched by header", () => {
  it("suggests the legacy sheet's own columns for every field, and shows its first rows", async () => {
    const file = await uploaded(FIXTURE, "crm-legacy-leads.csv");
    expect(file.format).toBe("csv");
    expect(file.rows).toBe(9);
    expect(file.mappingFrom).toBe("suggested");
    expect(file.columns[2]).toBe("Email IDs");
    for (const field of IMPORT_FIELDS) expect(file.mapping[field], field).toBe(file.columns.indexOf(field));
    expect(file.sample[0]![3]).toBe("Riya Sharma");
    expect(file.fields.find((f) => f.field === "Email IDs")!.required).toBe(true);
  });

  it("suggests from other names: Mobile No., Email ID, Phone, Name, Owner", async () => {
    const file = await uploaded(csv([["Sr. No.", "Name", "Email ID", "Mobile No.", "Assigned To", "Remarks", "Stage"], ["1", "A", "a@example.com", "9845000001", "", "", ""]]));
    expect(file.mapping["Full Name"]).toBe(1);
    expect(file.mapping["Email IDs"]).toBe(2);
    expect(file.mapping.Mobile).toBe(3);
    expect(file.mapping["Lead Owner"]).toBe(4);
    expect(file.mapping.Motivation).toBe(5);
    expect(file.mapping["Lead Stage"]).toBe(6);
    expect(file.mapping.Priority).toBeNull();
    const phone = await uploaded(csv([["Phone", " E-mail ", "Candidate Name"], ["9845000002", "b@example.com", "B"]]));
    expect([phone.mapping.Mobile, phone.mapping["Email IDs"], phone.mapping["Full Name"]]).toEqual([0, 1, 2]);
  });
});

describe("a file that is not a sheet", () => {
  it("a file of one line (no line break in its first 64 KB) is refused at line 1, and nothing is kept", async () => {
    const before = (await ctx.db.select({ n: count() }).from(importUpload))[0]!.n;
    const answer = await upload(Buffer.from("abc,".repeat(512 * 1024)));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error.fields.file).toBe("Line 1: the header row is longer than 64 KB and has no line break (is the file a CSV?)");
    expect((await ctx.db.select({ n: count() }).from(importUpload))[0]!.n).toBe(before);
  });
});

describe("a saved mapping", () => {
  const headers = ["Contact", "Mail", "Who", "Notes"];
  const file = () => csv([headers, ["9845011111", "saved@example.com", "Saved Person", "Hello"]]);
  const mine: Partial<ImportMapping> = { Mobile: 0, "Email IDs": 1, "Full Name": 2, "Action Items": 3 };

  it("is reused for the same headers in any order: the person's own first, the team's for everyone", async () => {
    const first = await uploaded(file());
    expect(first.mappingFrom).toBe("suggested");
    expect(first.mapping.Mobile).toBeNull(); // "Contact" names no field by itself
    await result(first.id, "dry-run", mine, "mine");
    const again = await uploaded(file());
    expect(again.mappingFrom).toBe("mine");
    expect(again.mapping).toMatchObject(mine);
    // The same headers in another order: read by header, not by position.
    const reordered = await uploaded(csv([["Notes", "Who", "Mail", "Contact"], ["x", "y", "z@example.com", "9845011112"]]));
    expect(reordered.mappingFrom).toBe("mine");
    expect(reordered.mapping).toMatchObject({ Mobile: 3, "Email IDs": 2, "Full Name": 1, "Action Items": 0 });
    // Someone else gets the suggestion until the mapping is shared with the team.
    const colleague = await signedIn(ctx, ["sales"]);
    expect((await uploaded(file(), "x.csv", colleague.cookie)).mappingFrom).toBe("suggested");
    await result(first.id, "dry-run", { ...mine, Motivation: 3, "Action Items": null }, "team");
    const shared = await uploaded(file(), "x.csv", colleague.cookie);
    expect(shared.mappingFrom).toBe("team");
    expect(shared.mapping).toMatchObject({ Motivation: 3, "Action Items": null });
    // The person's own still comes first for them.
    expect((await uploaded(file())).mapping["Action Items"]).toBe(3);
  });
});

describe("a bad mapping is a 400 naming the field", () => {
  it("names a missing required field, a column the file lacks, an unknown field and a non-number", async () => {
    const { id, mapping } = await uploaded(FIXTURE);
    const fieldsOf = async (body: object) => {
      const answer = await start(id, "dry-run", body);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json<{ error: { fields: Record<string, string> } }>().error.fields;
    };
    expect((await fieldsOf({ mapping: { ...mapping, "Email IDs": null } }))["mapping.Email IDs"]).toMatch(/Email IDs: it is required/);
    expect((await fieldsOf({ mapping: { ...mapping, Mobile: 24 } }))["mapping.Mobile"]).toMatch(/one of the file's 24 columns/);
    expect((await fieldsOf({ mapping: { ...mapping, Phone: 1 } }))["mapping.Phone"]).toMatch(/not a lead field/);
    expect(Object.keys(await fieldsOf({ mapping: { ...mapping, Priority: "High" } }))).toContain("mapping.Priority");
    expect((await start("00000000-0000-4000-8000-000000000000", "run", { mapping })).statusCode).toBe(404);
  });
});

/** A generated sheet in its own words: new people, people twice, stored leads changed or not, bad rows. */
function mixedSheet(tag: string, rows: number): string[][] {
  const sheet = [["Name", "Email ID", "Mobile No.", "Stage", "Status", "Fee"]];
  for (let i = 0; i < rows; i++) {
    const email = `${tag}${i % Math.floor(rows * 0.8)}@example.com`; // the last fifth repeats earlier people
    const mobile = `9${String(300_000_000 + i).padStart(9, "0")}`;
    if (i % 97 === 0) sheet.push([`Bad ${i}`, `not-an-email-${i}`, mobile, "", "", ""]);
    else if (i % 53 === 0) sheet.push([`Rule ${i}`, email, mobile, "Connected", "CW - Full", ""]); // Closed Won without a batch
    else sheet.push([`Person ${i}`, email, i >= rows * 0.8 ? "" : mobile, i % 7 === 0 ? "Connected" : "", i % 7 === 0 ? "Pitched" : "", i % 11 === 0 ? `₹${10_000 + i}` : ""]);
  }
  return sheet;
}

describe("dry run = real run", () => {
  it("the legacy sheet: the dry run writes nothing, and the import's counts and reasons are the dry run's", async () => {
    const file = await uploaded(FIXTURE);
    const [leadsBefore, changesBefore] = [await leadsTagged("@example.com"), await changesCount()];
    const dry = await result(file.id, "dry-run", file.mapping);
    expect([await leadsTagged("@example.com"), await changesCount()]).toEqual([leadsBefore, changesBefore]);
    expect(dry.created).toBeGreaterThanOrEqual(4);
    expect(dry.updated + dry.unchanged).toBeGreaterThanOrEqual(1); // Riya twice: the second row finds the first's lead
    expect(dry.rejectedRows).toBeGreaterThanOrEqual(2);
    expect(dry.rejected.map((r) => r.row)).toContain(9); // the row wrong in every field
    expect(dry.rejected.find((r) => r.row === 8)?.message).toMatch(/Email is required/);
    const real = await result(file.id, "run", file.mapping);
    expect(real).toEqual(dry);
    // Run again (a new upload of the same file): every good row is now unchanged, and the dry run says so first.
    const again = await uploaded(FIXTURE);
    const dryAgain = await result(again.id, "dry-run", again.mapping);
    expect(dryAgain.created).toBe(0);
    expect(await result(again.id, "run", again.mapping)).toEqual(dryAgain);
  });

  it("a sheet of several batches with repeats, stored leads and rule breaks: the same counts, the same rejected rows", async () => {
    const tag = `dry${Date.now().toString(36)}x`;
    const rows = testEngine === "pglite" ? 3 * PGLITE_IMPORT_BATCH + 50 : 2_500;
    const sheet = mixedSheet(tag, rows);
    // Stored already: some of these people, one with the values the sheet gives (unchanged), one not.
    const seed = await uploaded(csv(sheet.slice(0, 40)));
    await result(seed.id, "run", seed.mapping);
    const file = await uploaded(csv(sheet));
    const dry = await result(file.id, "dry-run", file.mapping);
    const before = await leadsTagged(tag);
    const real = await result(file.id, "run", file.mapping);
    expect(real).toEqual(dry);
    expect(dry.created).toBe((await leadsTagged(tag)) - before);
    expect(dry.unchanged).toBeGreaterThan(0);
    expect(dry.updated).toBeGreaterThan(0);
    expect(dry.rejected.some((r) => /Batch ID is required/.test(r.message))).toBe(true);
    expect(dry.created + dry.updated + dry.unchanged + dry.rejectedRows).toBe(rows);
  });

  it("an XLSX reads as the same sheet saved as CSV does", async () => {
    const tag = `xl${Date.now().toString(36)}x`;
    const sheet = mixedSheet(tag, 120);
    const asCsv = await uploaded(csv(sheet));
    const asXlsx = await uploaded(xlsxOf(sheet.map((row, r) => row.map((cell, c) => (r > 0 && c === 2 && cell ? Number(cell) : cell)))), "leads.xlsx");
    expect(asXlsx.format).toBe("xlsx");
    expect(asXlsx.columns).toEqual(asCsv.columns);
    expect(asXlsx.rows).toBe(asCsv.rows);
    expect(asXlsx.mapping).toEqual(asCsv.mapping);
    const dryCsv = await result(asCsv.id, "dry-run", asCsv.mapping);
    expect(await result(asXlsx.id, "dry-run", asXlsx.mapping)).toEqual(dryCsv);
    expect(await result(asXlsx.id, "run", asXlsx.mapping)).toEqual(dryCsv);
    expect(await leadsTagged(tag)).toBe(dryCsv.created);
  });

  it("keeps the upload in the database, not in a temporary folder, and drops it once imported", async () => {
    const file = await uploaded(FIXTURE);
    const [stored1] = await ctx.db.select({ chunks: count() }).from(importUploadChunk).where(eq(importUploadChunk.uploadId, file.id));
    expect(stored1!.chunks).toBe(1);
    const [stored] = await ctx.db.select({ sha256: importUpload.sha256 }).from(importUpload).where(eq(importUpload.id, file.id));
    expect(stored!.sha256).toMatch(/^[0-9a-f]{64}$/);
    await result(file.id, "run", file.mapping);
    expect(await ctx.db.select().from(importUpload).where(eq(importUpload.id, file.id))).toHaveLength(0);
    expect((await start(file.id, "run", { mapping: file.mapping })).statusCode).toBe(404);
  });
});

describe("one file imported once at a time", () => {
  it("a second start of the same file while it is imported is refused, naming that import; afterwards it changes nothing", { timeout: 120_000 }, async () => {
    const tag = `twice${Date.now().toString(36)}x`;
    const rows = testEngine === "pglite" ? 4_000 : 40_000;
    const sheet = [["Email", "Phone", "Name"], ...Array.from({ length: rows }, (_, i) => [`${tag}${i}@example.com`, `9${String(500_000_000 + i).padStart(9, "0")}`, `Twice ${i}`])];
    const data = csv(sheet);
    const first = await uploaded(data);
    const second = await uploaded(data);
    const running = await start(first.id, "run", { mapping: first.mapping }, sales.cookie, "respond-async");
    expect(running.statusCode, running.body).toBe(202);
    const job = running.json<LeadImportJob>();
    expect(running.headers.location).toBe(`/api/crm/sync-csv/${job.id}`);
    const refused = await start(second.id, "run", { mapping: second.mapping });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/^This file is already being imported \(started by .+; [\d,]+ of [\d,]+ rows written\)/);
    // Another file waits its turn with the imports' own answer.
    const other = await uploaded(FIXTURE);
    const busy = await start(other.id, "dry-run", { mapping: other.mapping });
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ error: { message: string } }>().error.message).toMatch(/An import is running/);
    let state = job;
    while (state.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await ctx.app.inject({ method: "GET", url: `/api/crm/sync-csv/${job.id}`, headers: { cookie: sales.cookie } })).json<LeadImportJob>();
    }
    expect(state.status, state.error ?? "").toBe("done");
    expect(state.result!.created).toBe(rows);
    const after = await result(second.id, "run", second.mapping);
    expect(after).toMatchObject({ created: 0, updated: 0, unchanged: rows, rejectedRows: 0 });
  });
});

describe(`kill -9 of the server running a mapped import (${testEngine})`, () => {
  const checkpointRows = testEngine === "pglite" ? 5_000 : 100_000; // import-routes.ts CHECKPOINT_ROWS
  const batch = testEngine === "pglite" ? PGLITE_IMPORT_BATCH : IMPORT_BATCH;
  // The kill comes 3 batches past the first checkpoint. What is left for the restarted server must
  // outlast the polling (50 ms) and the kill on a fast machine: PGlite writes a 100-row batch in
  // ~15 ms, so 3 batches (as before) were sometimes all written before the kill; 4,000 rows are ~1 s.
  const rows = checkpointRows + batch * 3 + (testEngine === "pglite" ? 4_000 : 5 * batch);

  it("is resumed by the restarted server from its checkpoint, and ends with every lead written once", { timeout: 600_000 }, async () => {
    const sheet = ["Mobile No.,Email ID,Name", ...Array.from({ length: rows }, (_, i) => `9${String(700_000_000 + i).padStart(9, "0")},resume${i}@example.com,Resume ${i}`)];
    const data = Buffer.from(`${sheet.join("\n")}\n`);
    const database = await freshDatabase(cleanup);
    let server: ServerProcess = await startServer(database.env, cleanup);
    const answer = await uploadFile(server, "/api/crm/imports", data);
    expect(answer.status).toBe(201);
    const file = (await answer.json()) as ImportUpload;
    // A loaded machine may answer 503 (database busy) now and then: ask again.
    const follow = async (id: string): Promise<LeadImportJob> => {
      for (let attempt = 0; ; attempt++) {
        const answer = await fetch(`${server.url}/api/crm/sync-csv/${id}`, { headers: { cookie: server.cookie } });
        if (answer.status === 200 || attempt === 10) return (await answer.json()) as LeadImportJob;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const run = await fetch(`${server.url}/api/crm/imports/${file.id}/run`, {
      method: "POST",
      headers: { cookie: server.cookie, origin: server.origin, prefer: "respond-async", "content-type": "application/json" },
      body: JSON.stringify({ mapping: file.mapping }),
    });
    expect(run.status).toBe(202);
    const job = (await run.json()) as LeadImportJob;
    // Past the first checkpoint (and the batches after it), short of the end: kill it there.
    let seen = job;
    while (seen.status === "running" && seen.rowsDone < checkpointRows + 3 * batch) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await follow(job.id);
    }
    await stopServer(server, "SIGKILL");
    expect(seen.status, `the kill landed inside the import: ${seen.error}`).toBe("running");

    server = await startServer(database.env, cleanup);
    const resumed = await follow(job.id);
    expect(resumed.rowsDone, "resumed from its checkpoint, not from the first row").toBeGreaterThanOrEqual(checkpointRows);
    let state = resumed;
    const deadline = Date.now() + 500_000;
    while (state.status === "running" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = await follow(job.id);
    }
    expect(state.status, state.error ?? "").toBe("done");
    expect(state.rowsDone).toBe(rows);
    const counts = state.result!;
    expect(counts.created + counts.updated + counts.unchanged + counts.rejectedRows).toBe(rows);
    expect(counts.created).toBeGreaterThanOrEqual(rows - checkpointRows); // at most the rows after the checkpoint were redone (as unchanged)
    await stopServer(server, "SIGTERM");
    const [written] = await database.query<{ leads: number; once: number; uploads: number }>(`
      select (select count(*)::int from lead) as leads,
        (select count(*)::int from lead l where (select count(*) from lead_change c where c.lead_id = l.id) = 1) as once,
        (select count(*)::int from import_upload) as uploads`);
    expect(written).toEqual({ leads: rows, once: rows, uploads: 0 });
  });
});
