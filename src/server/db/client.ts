import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = "pglite" | "postgres";

export interface Database {
  db: Db;
  engine: Engine;
  /** Answers when the database answers a query; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The underlying PGlite instance, for backups; null on PostgreSQL. */
  pglite: PGlite | null;
  pool: pg.Pool | null;
}

/**
 * The rows of a raw `db.execute(sql…)` answer: node-postgres and PGlite both answer `{ rows }`, but
 * drizzle types it per driver, so each caller would otherwise cast it again.
 */
export const rowsOf = <T>(answer: unknown): T[] => (answer as { rows?: T[] }).rows ?? (answer as T[]);

export class DatabaseUnavailableError extends Error {}

export const POOL_MAX = 20;

/** PostgreSQL over node-postgres: the production and scale-out path. */
export async function openPostgres(url: string): Promise<Database> {
  // 20 connections per process: a first CRM page runs its page and its summary side by side, so ten
  // busy requests want twenty; PostgreSQL's default max_connections (100) leaves room for several
  // processes (cluster workers, the CLI) at this size.
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process.
  pool.on("error", () => {});
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`Cannot reach PostgreSQL at ${redactUrl(url)}: ${reason || "connection refused"}`);
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
    pglite: null,
    pool,
  };
}

/**
 * PostgreSQL's default shared_buffers (128 MB) is written through at start inside PGlite's WebAssembly
 * memory, which never shrinks: measured, it was 226 MB of the embedded server's resident memory
 * against 100 MB with 16 MB of buffers. A site's working set (its library, sessions, counters) fits in
 * 16 MB many times over, and the operating system's file cache still sits behind it.
 */
const PGLITE_SETTINGS = ["shared_buffers=16MB"];

/**
 * Creates a new PGlite data directory (PostgreSQL's initdb) in a short-lived child process. initdb
 * peaks near 800 MB inside PGlite's WebAssembly memory, and a process does not get that memory back
 * once touched (measured: 390 MB resident after closing and reopening in-process, 220 MB when the
 * directory was made elsewhere). The child returns all of it to the system when it exits.
 */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  const module = import.meta.resolve("@electric-sql/pglite");
  const script = `const { PGlite } = await import(${JSON.stringify(module)});
const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)} });
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    let stderr = "";
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Could not create the embedded database in ${dataDir}: ${stderr.trim() || `exit ${code}`}`))));
  });
}

/** Embedded PostgreSQL (PGlite); `dataDir` null keeps it in memory (tests). */
export async function openPglite(dataDir: string | null): Promise<Database> {
  // pg_trgm: the CRM's substring search (its migration creates the extension).
  const extensions = { pg_trgm };
  if (dataDir && !existsSync(path.join(dataDir, "PG_VERSION"))) await createPgliteDataDir(dataDir);
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), postgresqlconf: PGLITE_SETTINGS, extensions });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    ping: async () => void (await client.query("select 1")),
    close: () => client.close(),
    pglite: client,
    pool: null,
  };
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}
