import { eq, inArray, isNull, like, sql } from "drizzle-orm";
import { formatDateTime } from "~/shared/format-date";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, simulationReport } from "~/server/db/schema";
import { REPORT_CSV_COLUMNS } from "~/server/features/reports/admin-routes";
import { receiveReport } from "~/server/features/reports/intake";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { reportInput } from "../../fixtures/reports";
import { multipart } from "../../helpers/multipart";

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
    expect(lines[1]).toContain(`"${formatDateTime(kabir!.completedAt)}","${BASE}`);
    expect(lines[1]).toMatch(/"\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m","http/);
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

describe("POST /api/simulation/admin/reports/import", () => {
  const upload = (csv: string, cookie = admissions) => {
    const body = multipart("file", "reports.csv", Buffer.from(csv), "text/csv");
    return ctx.app.inject({ method: "POST", url: "/api/simulation/admin/reports/import", headers: { ...body.headers, cookie }, payload: body.payload });
  };
  const HEADER = "Name,Email,Company,Total Score,Strategy,Execution,Communication,Leadership,Growth,Tech,Completed At";

  it("stores valid rows (not e-mailed, lead recorded), rejects the others naming row and column, and updates on re-import", async () => {
    const csv = [
      HEADER,
      "Imported One, Imported.One@Example.com ,Acme,72,7.5,6,8,7,6.5,5,2025-03-01T10:00:00Z",
      "Imported Two,two@example.com,,45,,,,,,,2025-03-02T10:00:00Z",
      "No Email,,Acme,50,5,5,5,5,5,5,2025-03-03T10:00:00Z",
      "Bad Score,bad@example.com,Acme,150,5,5,5,5,5,5,2025-03-03T10:00:00Z",
      "Bad Area,area@example.com,Acme,50,11,5,5,5,5,5,2025-03-03T10:00:00Z",
      "Bad Date,date@example.com,Acme,50,5,5,5,5,5,5,yesterday",
    ].join("\n");
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ imported: 2, updated: 0 });
    expect(result.rejected).toEqual([
      { row: 4, field: "Email", message: expect.any(String) },
      { row: 5, field: "Total Score", message: "totalScore must be from 0 to 100" },
      { row: 6, field: "Strategy", message: "Strategy must be a score from 0 to 10" },
      { row: 7, field: "Completed At", message: expect.any(String) },
    ]);
    const [one] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "imported.one@example.com"));
    expect(one!.notifiedAt).toBeNull();
    expect(one!.leadId).not.toBeNull();
    expect(one!.dimensionScores["Business Strategy & Thinking"]!.average).toBe(7.5);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, "imported.one@example.com"))).toHaveLength(0);

    const again = (await upload(csv)).json();
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 2 });
  });

  it("refuses a file without the needed columns, no file, and other roles", async () => {
    const wrong = await upload("Foo,Bar\n1,2\n");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.file).toMatch(/Name/);
    const none = await ctx.app.inject({ method: "POST", url: "/api/simulation/admin/reports/import", headers: { cookie: admissions, "content-type": "application/json" }, payload: {} });
    expect(none.statusCode).toBe(415);
    const sales = (await signedIn(ctx, ["sales"])).cookie;
    expect((await upload(`${HEADER}\n`, sales)).statusCode).toBe(403);
  });

  it("reads a large file as a stream", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `Bulk ${i},bulk${i}@example.com,Co,${i % 101},5,5,5,5,5,5,2025-01-01T00:00:00Z`);
    const result = (await upload([HEADER, ...rows].join("\n"))).json();
    expect(result).toMatchObject({ imported: 1000, updated: 0, rejected: [] });
    // Five statements a row on the embedded database: 19 s were seen on a loaded 2-core machine.
  }, 120_000);
});

describe("export → import is a no-op (issue 20 §1.3)", () => {
  const importFile = (csv: string) => {
    const body = multipart("file", "reports.csv", Buffer.from(csv), "text/csv");
    return ctx.app.inject({ method: "POST", url: "/api/simulation/admin/reports/import", headers: { ...body.headers, cookie: admissions }, payload: body.payload });
  };
  const snapshot = async () =>
    (await ctx.db.select().from(simulationReport).orderBy(simulationReport.id)).map((row) => ({ ...row, updatedAt: undefined }));
  const count = async (table: typeof outbox | typeof simulationReport) => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  it("imports the staff export back without a duplicate, a changed time, a changed score or a new e-mail", async () => {
    // Reports at odd seconds and fractional totals: the export rounds both, and must still read back as the same.
    await receiveReport(ctx.db, reportInput({ email: "round.trip@example.com", fullName: "Round Trip", totalScore: 72.6, completedAt: "2026-11-06T09:41:37.250Z" }), BASE);
    await receiveReport(ctx.db, reportInput({ email: "untold.trip@example.com", fullName: "=Untold Trip", totalScore: 33, completedAt: "2026-11-06T23:59:59Z" }), BASE, { notify: false });
    const before = await snapshot();
    const mails = await count(outbox);
    const untold = before.filter((row) => row.notifiedAt === null).length;

    const exported = await get("/api/simulation/admin/reports.csv");
    expect(exported.statusCode).toBe(200);
    const response = await importFile(exported.body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 0, imported: 0, updated: 0, unchanged: before.length, rejected: [], rejectedRows: 0 });
    expect(await snapshot()).toEqual(before);

    // The bulk send finds only the reports that were never told, as before the import.
    const bulk = await ctx.app.inject({ method: "POST", url: "/api/simulation/send-bulk-notifications", headers: { cookie: admissions } });
    expect(bulk.json()).toEqual({ successCount: untold, errorCount: 0 });
    expect(await count(outbox)).toBe(mails + untold);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, "round.trip@example.com"))).toHaveLength(1);
  });

  it("applies an edited cell to the report it names by Report URL, keeping its skills, slug and answers", async () => {
    const { slug } = await receiveReport(ctx.db, reportInput({ email: "edited@example.com", fullName: "Edit Me", totalScore: 50, completedAt: "2026-10-01T05:00:00Z" }), BASE, { notify: false });
    const [stored] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.slug, slug));
    const exported = (await get("/api/simulation/admin/reports.csv?q=edited%40example.com")).body.replace(/^\uFEFF/, "").trim().split("\n");
    expect(exported).toHaveLength(2);
    // Total Score is the fifth column, Strategy the sixth; the header stays as exported.
    const cells = exported[1]!.split('","');
    cells[4] = "64";
    cells[5] = "9.5";
    const response = await importFile(`${exported[0]}\n${cells.join('","')}\n`);
    expect(response.json()).toMatchObject({ imported: 0, updated: 1, unchanged: 0, rejected: [] });
    const [after] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "edited@example.com"));
    expect(after!.slug).toBe(slug);
    expect(after!.totalScore).toBe(64);
    expect(after!.completedAt).toEqual(stored!.completedAt);
    expect(after!.candidateResponses).toEqual(stored!.candidateResponses);
    const strategy = Object.entries(after!.dimensionScores).find(([name]) => name.startsWith("Business Strategy"))!;
    const before = stored!.dimensionScores[strategy[0]]!;
    expect(strategy[1]).toEqual({ average: 9.5, skills: before.skills });
    expect(Object.keys(before.skills).length).toBeGreaterThan(0);
  });

  it("refuses a row that would move a report to another address, naming Email", async () => {
    const { slug } = await receiveReport(ctx.db, reportInput({ email: "owner@example.com", totalScore: 70 }), BASE, { notify: false });
    const csv = `Name,Email,Total Score,Report URL\nSomeone,someone.else@example.com,70,${BASE}/simulation-report/${slug}\n`;
    const result = (await importFile(csv)).json();
    expect(result).toMatchObject({ imported: 0, updated: 0, unchanged: 0 });
    expect(result.rejected).toEqual([{ row: 2, field: "Email", message: expect.stringMatching(/belongs to owner@example.com/) }]);
    expect(await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "someone.else@example.com"))).toHaveLength(0);
  });

  it("matches a row by its Result ID", async () => {
    const input = reportInput({ email: "by.result@example.com", totalScore: 40 });
    const { slug } = await receiveReport(ctx.db, input, BASE, { notify: false });
    const result = (await importFile(`Name,Email,Total Score,Result ID\nBy Result,by.result@example.com,41,${input.resultId}\n`)).json();
    expect(result).toMatchObject({ imported: 0, updated: 1 });
    const rows = await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "by.result@example.com"));
    expect(rows.map((row) => [row.slug, row.totalScore])).toEqual([[slug, 41]]);
  });

  it("reads a time without an offset as India time, and one with an offset as written", async () => {
    const csv = [
      "Name,Email,Total Score,Completed At",
      "Zone One,zone1@example.com,50,2025-03-01 10:00",
      "Zone Two,zone2@example.com,50,1 Mar 2025, 3:30 pm".replace("1 Mar 2025, 3:30 pm", '"1 Mar 2025, 3:30 pm"'),
      "Zone Three,zone3@example.com,50,2025-03-01T10:00:00Z",
      "Zone Four,zone4@example.com,50,2025-03-01T10:00:00+01:00",
      "Zone Five,zone5@example.com,50,01/03/2025 10:00",
    ].join("\n");
    const result = (await importFile(csv)).json();
    expect(result).toMatchObject({ imported: 5, rejected: [] });
    const rows = await ctx.db.select().from(simulationReport).where(like(simulationReport.email, "zone%@example.com")).orderBy(simulationReport.email);
    expect(rows.map((row) => row.completedAt.toISOString())).toEqual([
      "2025-03-01T04:30:00.000Z",
      "2025-03-01T10:00:00.000Z",
      "2025-03-01T10:00:00.000Z",
      "2025-03-01T09:00:00.000Z",
      "2025-03-01T04:30:00.000Z",
    ]);
    const again = (await importFile(csv)).json();
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 5 });
    const bad = (await importFile("Name,Email,Total Score,Completed At\nBad,bad.time@example.com,50,31 Feb 2025\n")).json();
    expect(bad.rejected).toEqual([{ row: 2, field: "Completed At", message: expect.stringMatching(/India time/) }]);
    expect(await ctx.db.select().from(simulationReport).where(inArray(simulationReport.email, ["bad.time@example.com"]))).toHaveLength(0);
  });

  it("answers a malformed quote with a 400 naming the line (issue 20 §1.4)", async () => {
    // With relaxed quoting a quote inside a cell is kept as written; a quote never closed is the malformed case.
    for (const broken of ['Open,"quote@example.com,50', '"Riya Sharma,riya@example.com,50']) {
      const response = await importFile(`Name,Email,Total Score\nFine,fine.quote@example.com,50\n${broken}\nAfter,after.quote@example.com,50\n`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields.file).toMatch(/^Line 3\b/);
    }
    expect(await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "fine.quote@example.com"))).toHaveLength(0);
  });
});

describe("the staff list says the simulation and whether the candidate was told (issue 20 §1.13)", () => {
  it("gives simulationType and the notice's state (not_sent, queued, sent, failed), and the CSV its Simulation Type", async () => {
    const told = await receiveReport(ctx.db, reportInput({ email: "told.list@example.com", simulationType: "Growth Marketer Sprint" }), BASE);
    const failed = await receiveReport(ctx.db, reportInput({ email: "failed.list@example.com" }), BASE);
    const sent = await receiveReport(ctx.db, reportInput({ email: "sent.list@example.com" }), BASE);
    const untold = await receiveReport(ctx.db, reportInput({ email: "untold.list@example.com" }), BASE, { notify: false });
    const mailOf = async (slug: string) => (await ctx.db.select().from(simulationReport).where(eq(simulationReport.slug, slug)))[0]!;
    await ctx.db.update(outbox).set({ status: "failed", lastError: "550 mailbox unavailable" }).where(eq(outbox.id, (await mailOf(failed.slug)).notifyMailId!));
    await ctx.db.update(outbox).set({ status: "sent" }).where(eq(outbox.id, (await mailOf(sent.slug)).notifyMailId!));

    const items = (await get("/api/simulation/admin/reports?q=.list%40example.com")).json().items as { slug: string; simulationType: string; notification: { state: string; notifiedAt: string | null; mailId: string | null } }[];
    const bySlug = Object.fromEntries(items.map((item) => [item.slug, item]));
    const toldRow = await mailOf(told.slug);
    expect(bySlug[told.slug]).toMatchObject({ simulationType: "Growth Marketer Sprint", notification: { state: "queued", notifiedAt: toldRow.notifiedAt!.toISOString(), mailId: toldRow.notifyMailId } });
    expect(bySlug[failed.slug]!.notification.state).toBe("failed");
    expect(bySlug[sent.slug]!.notification.state).toBe("sent");
    expect(bySlug[untold.slug]!.notification).toEqual({ state: "not_sent", notifiedAt: null, mailId: null });

    const csv = (await get("/api/simulation/admin/reports.csv?q=told.list%40example.com")).body.replace(/^\uFEFF/, "").trim().split("\n");
    expect(csv[0]).toContain('"Company","Simulation Type","Total Score"');
    expect(csv.find((line) => line.includes('"told.list@example.com"'))).toContain('"Growth Marketer Sprint"');
  });

  it("counts exactly what a bulk send would e-mail, and to how many people; staff only", async () => {
    const preview = async (cookie = admissions) => ctx.app.inject({ method: "GET", url: "/api/simulation/admin/bulk-notifications/preview", headers: cookie ? { cookie } : {} });
    // Start from nobody waiting, then two reports of one person and one of another.
    await ctx.app.inject({ method: "POST", url: "/api/simulation/send-bulk-notifications", headers: { cookie: admissions } });
    expect((await preview()).json()).toEqual({ emails: 0, people: 0 });
    for (const email of ["twice.waiting@example.com", "twice.waiting@example.com", "once.waiting@example.com"]) {
      await receiveReport(ctx.db, reportInput({ email }), BASE, { notify: false });
    }
    const answer = await preview();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.json()).toEqual({ emails: 3, people: 2 });
    const bulk = await ctx.app.inject({ method: "POST", url: "/api/simulation/send-bulk-notifications", headers: { cookie: admissions } });
    expect(bulk.json()).toEqual({ successCount: 3, errorCount: 0 });

    expect((await preview("")).statusCode).toBe(401);
    for (const role of ["content", "sales"] as const) expect((await preview((await signedIn(ctx, [role])).cookie)).statusCode).toBe(403);
  });
});
