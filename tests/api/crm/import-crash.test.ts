// kill -9 during a large CRM import (issue 24 §1): after a restart no lead is half-written (every
// lead the killed run left came with its activity entry, in whole batches), and the same file run
// again ends exactly where one clean run ends. A real server process on a real database, killed
// for real; IMPORT_CRASH_ROWS sets the file's size: by default 6 batches on PostgreSQL (60,000 rows)
// and 150 on PGlite (15,000 rows: its batches are smaller), enough for the kill to land inside the
// import. 200,000 rows on both cost four minutes of every test run.
import { afterAll, describe, expect, it } from "vitest";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";
import { IMPORT_BATCH, PGLITE_IMPORT_BATCH } from "~/server/features/crm/import";
import { testEngine } from "../../helpers/database";
import { freshDatabase as freshDatabaseIn, startServer as startServerIn, stopServer, uploadFile, type Cleanup, type ServerProcess } from "../../helpers/server-process";

const ROWS = Number(process.env.IMPORT_CRASH_ROWS ?? (testEngine === "pglite" ? 150 * PGLITE_IMPORT_BATCH : 6 * IMPORT_BATCH));
const cleanup: Cleanup = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A file of ROWS new people; every tenth row also sets a stage and status, every seventh an amount. */
function importFile(): Buffer {
  const column = (name: (typeof LEAD_CSV_COLUMNS)[number]) => LEAD_CSV_COLUMNS.indexOf(name);
  const lines = [LEAD_CSV_COLUMNS.join(",")];
  for (let i = 0; i < ROWS; i++) {
    const cells: string[] = new Array(LEAD_CSV_COLUMNS.length).fill("");
    cells[column("Email IDs")] = `crash${i}@example.com`;
    cells[column("Full Name")] = `Crash ${i}`;
    cells[column("Mobile")] = `9${String(100_000_000 + i).padStart(9, "0")}`;
    if (i % 10 === 0) [cells[column("Lead Stage")], cells[column("Lead Status")]] = ["Connected", "Pitched"];
    if (i % 7 === 0) cells[column("Sale Amount")] = String(10_000 + i);
    lines.push(cells.join(","));
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

const freshDatabase = () => freshDatabaseIn(cleanup);
const startServer = (env: Record<string, string>) => startServerIn(env, cleanup);
const upload = (server: ServerProcess, file: Buffer) => uploadFile(server, "/api/crm/sync-csv", file);

/** Everything an import writes, in a comparable form (no generated ids or clock times). */
const SNAPSHOT = `
  select l.email, l.mobile, l.full_name, l.lead_stage, l.lead_status, l.sale_amount, l.version,
    (select count(*)::int from lead_change c where c.lead_id = l.id) as changes
  from lead l order by l.email`;

/** Sessions on the database other than the test's own (none on the embedded database once its server is gone). */
async function otherSessions(database: Awaited<ReturnType<typeof freshDatabase>>): Promise<number> {
  const [row] = await database.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
  return row?.n ?? 0;
}

describe(`kill -9 during a ${ROWS.toLocaleString("en-IN")}-row CRM import (${testEngine})`, () => {
  it("leaves whole batches only, and the same file run again ends as one clean run", { timeout: 900_000 }, async () => {
    const file = importFile();

    const clean = await freshDatabase();
    const first = await startServer(clean.env);
    const started = performance.now();
    const done = await upload(first, file);
    const cleanSeconds = (performance.now() - started) / 1000;
    expect(done.status, await done.text()).toBe(200);
    await stopServer(first, "SIGTERM");
    const expected = await clean.query<Record<string, unknown>>(SNAPSHOT);
    expect(expected).toHaveLength(ROWS);

    // Kill at a point inside the writes; a kill that lands before the first or after the last batch
    // proves nothing, so try again a little earlier or later (the clean run's time is the guide).
    const crashed = await freshDatabase();
    let fraction = 0.6;
    let leftBehind = 0;
    let server = await startServer(crashed.env);
    for (let attempt = 0; attempt < 4; attempt++) {
      const pending = upload(server, file).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, cleanSeconds * fraction * 1000));
      await stopServer(server, "SIGKILL");
      await pending;
      leftBehind = (await crashed.query<{ n: number }>("select count(*)::int as n from lead"))[0]!.n;
      if (leftBehind > 0 && leftBehind < ROWS) break;
      fraction = leftBehind === 0 ? Math.min(0.95, fraction + 0.2) : fraction / 2;
      if (leftBehind === ROWS) {
        // One statement per call: PGlite's query() prepares its text, and a prepared statement holds one command.
        for (const table of ["lead_change", "lead_engagement", "lead"]) await crashed.query(`delete from ${table}`);
      }
      server = await startServer(crashed.env);
    }
    expect(leftBehind, "the kill landed inside the import").toBeGreaterThan(0);
    expect(leftBehind).toBeLessThan(ROWS);

    // Nothing half-written: each lead the killed run left has its one activity entry, and the leads
    // come in whole batches (a batch is one transaction).
    const [{ orphans } = { orphans: -1 }] = await crashed.query<{ orphans: number }>(
      "select count(*)::int as orphans from lead l where (select count(*) from lead_change c where c.lead_id = l.id) <> 1",
    );
    expect(orphans).toBe(0);
    // The embedded database writes smaller batches (a sign-in waits for the one being written).
    const batch = testEngine === "pglite" ? PGLITE_IMPORT_BATCH : IMPORT_BATCH;
    expect(leftBehind % batch === 0 || leftBehind === ROWS).toBe(true);

    // The killed server's sessions end once PostgreSQL sees it gone (a statement it was running first
    // finishes): until then they hold its locks, and a new import is told the database is busy.
    for (let waited = 0; waited < 120 && (await otherSessions(crashed)) > 0; waited++) await new Promise((resolve) => setTimeout(resolve, 500));
    server = await startServer(crashed.env);
    let again = await upload(server, file);
    // "Busy, try again in a moment" (503 with Retry-After) is answered as a person would: again, a moment
    // later (on a machine loaded by other work, a batch can run past its time limit more than once).
    for (let tries = 0; again.status === 503 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, Number(again.headers.get("retry-after") ?? 5) * 1000));
      again = await upload(server, file);
    }
    expect(again.status, await again.text()).toBe(200);
    await stopServer(server, "SIGTERM");
    expect(await crashed.query<Record<string, unknown>>(SNAPSHOT)).toEqual(expected);
  });
});
