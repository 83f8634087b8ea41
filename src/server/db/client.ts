import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { PgliteProxy } from "./pglite-proxy";
import { markEmbedded } from "./planner";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = "pglite" | "postgres";

export interface Database {
  db: Db;
  engine: Engine;
  /** Answers when the database answers a query; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's handle (PGlite in its worker thread: db/pglite-proxy.ts); null on PostgreSQL. */
  pglite: PgliteProxy | null;
  pool: pg.Pool | null;
}

/**
 * The rows of a raw `db.execute(sql…)` answer: node-postgres and PGlite both answer `{ rows }`, but
 * drizzle types it per driver, so each caller would otherwise cast it again.
 */
export const rowsOf = <T>(answer: unknown): T[] => (answer as { rows?: T[] }).rows ?? (answer as T[]);

export class DatabaseUnavailableError extends Error {}

export const POOL_MAX = 20;

/**
 * How long a request may wait for a connection from the pool before it is answered 503 (pg-pool's
 * "timeout exceeded when trying to connect"): twenty busy connections free up within milliseconds
 * in normal running, so five seconds of waiting means the database is overloaded or stuck.
 */
export const POOL_WAIT_MS = 5_000;

/**
 * Every PostgreSQL connection of the pool starts with these limits, so every database wait ends and
 * becomes a 503 with Retry-After (platform/errors.ts) instead of a request that hangs:
 * - statement 30 s: the slowest statements a request runs at a million leads (a list or analytics
 *   page, an export page, an import batch) take well under 2 s; 30 s is far above that on a busy
 *   machine and still below the usual 60 s idle timeout of a load balancer, so the client hears our
 *   503 rather than the balancer's 504. Work that legitimately runs longer opts out inside its own
 *   transaction (`longTransaction` below).
 * - lock 10 s: edits hold a row lock for milliseconds; a wait of ten seconds means something holds it
 *   far too long, and twenty requests waiting on it would be the whole pool.
 * - idle in transaction 60 s: nothing waits on the network inside a transaction (ARCHITECTURE.md
 *   principle 7), so a transaction idle for a minute belongs to a stuck or vanished process; the
 *   server ends it and frees its locks.
 * PGlite ignores all three: it runs one statement at a time (in its worker thread), with no timer
 * to interrupt it (measured: `statement_timeout` of 200 ms, `pg_sleep(1)` still ran 1 s), and with a
 * single connection there is no other session's lock to wait for.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;
export const LOCK_TIMEOUT_MS = 10_000;
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** The statement limit of a `longTransaction`: bounded still, but room for a pass over every lead. */
export const LONG_STATEMENT_TIMEOUT_MS = 300_000;

/** Limits of one pool; tests pass short ones so that a timeout shows within a second. */
export interface PoolLimits {
  max: number;
  poolWaitMs: number;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export const POOL_LIMITS: PoolLimits = {
  max: POOL_MAX,
  poolWaitMs: POOL_WAIT_MS,
  statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  lockTimeoutMs: LOCK_TIMEOUT_MS,
  idleInTransactionTimeoutMs: IDLE_IN_TRANSACTION_TIMEOUT_MS,
};

/** PostgreSQL over node-postgres: the production and scale-out path. */
export async function openPostgres(url: string, limits: Partial<PoolLimits> = {}): Promise<Database> {
  const { max, poolWaitMs, statementTimeoutMs, lockTimeoutMs, idleInTransactionTimeoutMs } = { ...POOL_LIMITS, ...limits };
  // 20 connections per process: a first CRM page runs its page and its summary side by side, so ten
  // busy requests want twenty; PostgreSQL's default max_connections (100) leaves room for several
  // processes (cluster workers, the CLI) at this size.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: poolWaitMs,
    // Sent with each new connection, so they hold for every statement on it (SET LOCAL overrides).
    statement_timeout: statementTimeoutMs,
    lock_timeout: lockTimeoutMs,
    idle_in_transaction_session_timeout: idleInTransactionTimeoutMs,
  });
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
 * Runs `work` in a transaction whose statements may take up to LONG_STATEMENT_TIMEOUT_MS instead of
 * the pool's STATEMENT_TIMEOUT_MS: the explicit opt-out for work that passes over a whole table
 * (Fix Duplicates at a million leads). The lock and idle-in-transaction limits still hold.
 */
export function longTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.execute(sql.raw(`set local statement_timeout = ${LONG_STATEMENT_TIMEOUT_MS}`));
    return work(tx);
  });
}

/**
 * PGlite's PostgreSQL settings. Each statement holds the whole embedded database (one runs at a time,
 * in its worker), so what a statement does besides its own work is a wait for every request behind it.
 * - shared_buffers: PostgreSQL's default (128 MB) is written through at start inside PGlite's
 *   WebAssembly memory, which never shrinks: measured, 226 MB of the embedded server's resident memory
 *   against 100 MB with 16 MB of buffers. A site's working set (its library, sessions, counters) fits
 *   in 16 MB many times over, and the operating system's file cache still sits behind it.
 * - wal_init_zero off: each new 16 MB WAL file was filled with zeros by the statement that needed it,
 *   about every 0.6 s during an import: that statement took 50–60 ms, whatever it was (a one-row
 *   update included). PostgreSQL then writes the file as it goes, as on copy-on-write file systems.
 * - full_page_writes off: the copies of whole pages in the WAL guard against a page half-written
 *   when the machine (not the process) fails; PGlite does not wait for the disk (fsync is off), so such
 *   a failure can lose the database either way, and the copies only made an import write more.
 * - default_statistics_target 10: PGlite has no autovacuum, so the only ANALYZE is the one after a
 *   large import (features/crm/import.ts), and it holds the database for its whole run. A sample of
 *   3,000 rows took ~60 ms at 250,000 leads where PostgreSQL's 30,000 took 600–750 ms; what the
 *   planner needs from it (a mobile number is nearly unique, a stage has a few values) shows as well.
 * Measured with `npm run bench:embedded` (README, "The embedded database under staff work").
 */
const PGLITE_SETTINGS = ["shared_buffers=16MB", "wal_init_zero=off", "full_page_writes=off", "default_statistics_target=10"];

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

/**
 * Embedded PostgreSQL (PGlite) on the data folder `dataDir` (made with initdb when it has none yet;
 * null keeps the database in memory, empty). PGlite runs in a worker
 * thread (db/pglite-worker.ts): WebAssembly PostgreSQL holds the thread that calls it for the whole of
 * each statement, and on the server's thread that stopped every other request meanwhile — cached
 * pages and sign-in included — while an import or a busy CRM list ran.
 */
export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir && !existsSync(path.join(dataDir, "PG_VERSION"))) await createPgliteDataDir(dataDir);
  const client = await PgliteProxy.create({ dataDir, settings: PGLITE_SETTINGS });
  // drizzle-orm/pglite uses query(sql, params, { rowMode, parsers }) and transaction(tx => …): the proxy's.
  const db = drizzlePglite(client as never, { schema }) as unknown as Db;
  markEmbedded(db);
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
