// A real API server process on its own fresh database, for tests that kill it (kill -9) and start it
// again: tests/api/import-crash.test.ts and tests/api/crm/import-mapping.test.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, inject } from "vitest";
import { openPglite } from "~/server/db/client";
import { copyPgliteTemplate, createPostgresDatabase, testEngine } from "./database";
import { freePort } from "./free-port";

export const CRASH_STAFF = { email: "crash.test@example.com", password: "crash-test-password-1" };

/** Steps run at the end of the file (afterAll), newest first. */
export type Cleanup = (() => Promise<void> | void)[];

export interface FreshDatabase {
  env: Record<string, string>;
  /** One statement, read with the server stopped on PGlite (the folder is locked to one process). */
  query: <T>(text: string) => Promise<T[]>;
}

/**
 * A fresh database for one server: a data folder (PGlite) or a new PostgreSQL database, each a copy of
 * the run's migrated template (as createTestDatabase's), so the server's first start finds its
 * migrations done instead of running all of them (about 2.5 s of CPU on PGlite, three times a run).
 */
export async function freshDatabase(cleanup: Cleanup): Promise<FreshDatabase> {
  if (testEngine === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ff-crash-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    copyPgliteTemplate(path.join(dir, "pglite"));
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
  const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, "ff_crash", inject("postgresTemplate"));
  cleanup.push(drop);
  const query = async <T,>(text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return { env: { DATABASE_URL: url }, query };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  cookie: string;
  /** The Origin header the same-origin check expects. */
  origin: string;
}

/** Starts tests/helpers/api-server.ts on `env`'s database and signs CRASH_STAFF in. */
export async function startServer(env: Record<string, string>, cleanup: Cleanup): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/api-server.ts"], {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}`, CREATE_STAFF: `${CRASH_STAFF.email} ${CRASH_STAFF.password}` },
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
  const origin = `http://localhost:${port}`;
  const login = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify(CRASH_STAFF) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  expect(login.status, await login.text()).toBe(200);
  return { url, child, cookie, origin };
}

export const stopServer = (server: ServerProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill(signal);
  });

/** POSTs `file` as the multipart field `file` to `path` on the server, as the signed-in staff member. */
export function uploadFile(server: ServerProcess, urlPath: string, file: Buffer, fileName = "leads.csv", headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)], { type: "text/csv" }), fileName);
  return fetch(`${server.url}${urlPath}`, { method: "POST", body: form, headers: { cookie: server.cookie, origin: server.origin, ...headers } });
}
