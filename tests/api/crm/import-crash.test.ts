// kill -9 during a large CRM import (issue 24 §1): after a restart no lead is half-written (every
// lead the killed run left came with its activity entry, in whole batches), and the same file run
// again ends exactly where one clean run ends. A real server process on a real database, killed
// for real; IMPORT_CRASH_ROWS (default 200,000) sets the file's size.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "~/server/db/client";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";
import { IMPORT_BATCH, PGLITE_IMPORT_BATCH } from "~/server/features/crm/import";
import { createEmptyPostgresDatabase, testEngine } from "../../helpers/database";
import { freePort } from "../../helpers/free-port";

const ROWS = Number(process.env.IMPORT_CRASH_ROWS ?? 200_000);
const STAFF = { email: "crash.test@example.com", password: "crash-test-password-1" };
const cleanup: (() => Promise<void> | void)[] = [];
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


/** A fresh database for one server: a data folder (PGlite) or a new PostgreSQL database. */
async function freshDatabase(): Promise<{ env: Record<string, string>; query: <T>(text: string) => Promise<T[]> }> {
  if (testEngine === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ff-crash-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // Read with the server stopped (the folder is locked to one process).
    const query = async <T,>(text: string) => {
      const db = await openPglite(path.join(dir, "pglite"));
      try {
        return (await db.pglite!.query<T>(text)).rows;
      } finally {
        await db.close();
      }
    };
    return { env: { DATA_DIR: dir, DATABASE_URL: "" }, query };
  }
  const empty = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL!, "ff_crash");
  cleanup.push(empty.drop);
  const query = async <T,>(text: string) => {
    const client = new pg.Client({ connectionString: empty.url });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return { env: { DATABASE_URL: empty.url }, query };
}

interface Server {
  url: string;
  child: ChildProcess;
  cookie: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/api-server.ts"], {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}`, CREATE_STAFF: `${STAFF.email} ${STAFF.password}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanup.push(() => void child.kill("SIGKILL"));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) resolve();
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const login = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin: `http://localhost:${port}` }, body: JSON.stringify(STAFF) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  expect(login.status, await login.text()).toBe(200);
  return { url, child, cookie };
}

const stopServer = (server: Server, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill(signal);
  });

function upload(server: Server, file: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)], { type: "text/csv" }), "leads.csv");
  return fetch(`${server.url}/api/crm/sync-csv`, { method: "POST", body: form, headers: { cookie: server.cookie, origin: server.url.replace("127.0.0.1", "localhost") } });
}

/** Everything an import writes, in a comparable form (no generated ids or clock times). */
const SNAPSHOT = `
  select l.email, l.mobile, l.full_name, l.lead_stage, l.lead_status, l.sale_amount, l.version,
    (select count(*)::int from lead_change c where c.lead_id = l.id) as changes
  from lead l order by l.email`;

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

    server = await startServer(crashed.env);
    const again = await upload(server, file);
    expect(again.status, await again.text()).toBe(200);
    await stopServer(server, "SIGTERM");
    expect(await crashed.query<Record<string, unknown>>(SNAPSHOT)).toEqual(expected);
  });
});
