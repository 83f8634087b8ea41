// A big CSV import shows progress by rows written (issue 21 item 5): with `Prefer: respond-async` the
// upload is answered 202 with the import's job once the file has arrived and been checked, and
// GET …/{id} says how many of the file's rows are written while the job writes them, never more than
// the database holds. Without the header the POST answers 200 with the result, as API clients expect.
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvImportJob, lead } from "~/server/db/schema";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";
import { searchTag } from "../../fixtures/leads";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { testEngine } from "../../helpers/database";
import { multipart } from "../../helpers/multipart";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales", "admissions"]);
});
afterAll(() => ctx.close());

const CRM = "/api/crm/sync-csv";
const REPORTS = "/api/simulation/admin/reports/import";
const ASYNC = { prefer: "respond-async" };

const upload = (url: string, file: string, headers: Record<string, string> = {}) => {
  const body = multipart("file", "file.csv", Buffer.from(file), "text/csv");
  return ctx.app.inject({ method: "POST", url, ...body, headers: { ...body.headers, cookie: sales.cookie, ...headers } });
};
const get = (url: string) => ctx.app.inject({ method: "GET", url, headers: { cookie: sales.cookie } });
const leadCount = async (tag: string) => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(lead).where(like(lead.email, `${tag}%`)))[0]!.n;

/** `rows` new people, one a row. */
function crmFile(tag: string, rows: number): string {
  const email = LEAD_CSV_COLUMNS.indexOf("Email IDs");
  const name = LEAD_CSV_COLUMNS.indexOf("Full Name");
  const lines = [LEAD_CSV_COLUMNS.join(",")];
  for (let i = 0; i < rows; i++) {
    const cells = new Array<string>(LEAD_CSV_COLUMNS.length).fill("");
    cells[email] = `${tag}${i}@example.com`;
    cells[name] = `Progress ${i}`;
    lines.push(cells.join(","));
  }
  return `${lines.join("\n")}\n`;
}

interface Job {
  id: string;
  status: string;
  rowsTotal: number;
  rowsDone: number;
  result: Record<string, unknown> | null;
  error: string | null;
}

describe("a CSV import followed by rows written", () => {
  it("answers 202 with the job once the file is checked; rows written grow to the total as batches commit, never ahead of the database", { timeout: 300_000 }, async () => {
    const tag = searchTag("pg");
    // Several batches on either engine (10,000 rows a batch on PostgreSQL, 200 on the embedded database).
    const rows = testEngine === "pglite" ? 10_000 : 40_000;
    const started = await upload(CRM, crmFile(tag, rows), ASYNC);
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<Job>();
    expect(job).toMatchObject({ status: "running", rowsTotal: rows, result: null });
    expect(job.rowsDone).toBeLessThan(rows);
    expect(started.headers.location).toBe(`${CRM}/${job.id}`);

    // Followed as the screen follows it; each figure is checked against the leads stored after it was read.
    const seen: number[] = [];
    let current = job;
    while (current.status === "running") {
      const answer = await get(`${CRM}/${job.id}`);
      expect(answer.statusCode, answer.body).toBe(200);
      current = answer.json<Job>();
      const stored = await leadCount(tag);
      expect(current.rowsDone, "rows written are in the database").toBeLessThanOrEqual(stored);
      seen.push(current.rowsDone);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(current.error).toBeNull();
    expect(current.status).toBe("done");
    expect(current.rowsDone).toBe(rows);
    expect(current.result).toEqual({ syncedRecords: rows, created: rows, updated: 0, unchanged: 0, rejected: [], rejectedRows: 0 });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((done) => done > 0 && done < rows), `progress seen between the start and the end: ${seen.join(", ")}`).toBe(true);
    expect(await leadCount(tag)).toBe(rows);

    // A page opened later finds it as the latest import.
    expect((await get(CRM)).json<{ job: Job }>().job).toMatchObject({ id: job.id, status: "done", rowsDone: rows });
  });

  it("without the preference the POST answers 200 with the result when the rows are written (the API's contract)", async () => {
    const tag = searchTag("ps");
    const answer = await upload(CRM, crmFile(tag, 3));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ syncedRecords: 3, created: 3, updated: 0, unchanged: 0, rejected: [], rejectedRows: 0 });
    expect((await get(CRM)).json<{ job: Job }>().job).toMatchObject({ status: "done", rowsTotal: 3, rowsDone: 3 });
  });

  it("an unreadable file is still a 400 naming the line, with no job started", async () => {
    const before = (await get(CRM)).json<{ job: Job | null }>().job?.id ?? null;
    const answer = await upload(CRM, `${crmFile(searchTag("pb"), 5)}"unclosed\n`, ASYNC);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error.fields.file).toMatch(/^Line 7/);
    expect((await get(CRM)).json<{ job: Job | null }>().job?.id ?? null).toBe(before);
  });

  it("the reports import runs through the same pipeline: 202, then the one result shape (with its older names kept)", async () => {
    const tag = searchTag("pr");
    const started = await upload(REPORTS, `Name,Email,Total Score\nA,${tag}a@example.com,7\nB,${tag}b@example.com,8\n`, ASYNC);
    expect(started.statusCode, started.body).toBe(202);
    let job = started.json<Job>();
    while (job.status === "running") job = (await get(`${REPORTS}/${job.id}`)).json<Job>();
    expect(job).toMatchObject({ status: "done", rowsTotal: 2, rowsDone: 2, result: { created: 2, imported: 2, updated: 0, unchanged: 0, rejected: [], rejectedRows: 0 } });
    // A reports import is not the CRM's.
    expect((await get(`${CRM}/${job.id}`)).statusCode).toBe(404);
  });

  it("an import whose server died (its claim lapsed) is shown as failed, saying how to finish it", async () => {
    const [dead] = await ctx.db
      .insert(csvImportJob)
      .values({ kind: "leads", startedBy: sales.id, rowsTotal: 100, rowsDone: 40, claimedUntil: new Date(Date.now() - 1000), startedAt: new Date(Date.now() + 60_000) })
      .returning();
    const job = (await get(CRM)).json<{ job: Job }>().job;
    expect(job).toMatchObject({ id: dead!.id, status: "failed", rowsDone: 40 });
    expect(job.error).toMatch(/import the same file again/);
    await ctx.db.delete(csvImportJob).where(sql`${csvImportJob.id} = ${dead!.id}`);
  });

  it("refuses anonymous callers (401) and other roles (403); an unknown id is 404, a malformed one 400", async () => {
    const content = await signedIn(ctx, ["content"]);
    const id = "00000000-0000-4000-8000-000000000001";
    for (const url of [CRM, `${CRM}/${id}`, `${REPORTS}/${id}`]) {
      expect((await ctx.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
      expect((await ctx.app.inject({ method: "GET", url, headers: { cookie: content.cookie } })).statusCode, url).toBe(403);
    }
    expect((await get(`${CRM}/${id}`)).statusCode).toBe(404);
    const bad = await get(`${CRM}/not-an-import`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("id");
  });
});
