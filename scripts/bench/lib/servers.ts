// The processes a benchmark measures: the built server on PGlite or PostgreSQL, and a bare Fastify
// hello-world (scripts/bench/hello.ts) whose figures, measured in the same run, are the baseline.
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { rssMb } from "./memory";
import { atCleanup, freePort, launch, removeAtCleanup, root, SERVER_ENTRY, SITE_BUILD, waitUntilAnswering, type Child } from "./processes";
import { log, round } from "./report";

const HELLO_ENTRY = path.join(root, "scripts/bench/hello.ts");
const SAME_BYTES_ENTRY = path.join(root, "scripts/bench/same-bytes.ts");
/** A PostgreSQL server where benchmarks may create and drop their own databases. */
export const PG_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

export type Engine = "pglite" | "postgres";
export type DataTarget = { engine: "pglite"; dataDir: string } | { engine: "postgres"; dataDir: string; databaseUrl: string };

export interface Started {
  child: Child;
  base: string;
  startMs: number;
  rssMb: number | null;
}

/** Exits with a clear message when `npm run build` has not been run. */
export function requireBuild(): void {
  for (const file of [SERVER_ENTRY, SITE_BUILD]) {
    if (!existsSync(file)) {
      console.error(`The server is not built (${path.relative(root, file)} is missing): run \`npm run build\` first.`);
      process.exit(1);
    }
  }
}

/** A bare server of the benchmarks (hello-world, same bytes), started with tsx and answering at `probe`. */
async function startBare(label: string, entry: string, env: NodeJS.ProcessEnv, probe: string) {
  const port = await freePort();
  const t0 = performance.now();
  const child = launch(label, ["--import", "tsx", entry], { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  const { ms, body } = await waitUntilAnswering(child, `${base}${probe}`, t0);
  return { started: { child, base, startMs: round(ms), rssMb: rssMb(child.pid) } satisfies Started, body };
}

export async function startHello(): Promise<Started> {
  const { started, body } = await startBare("hello-world", HELLO_ENTRY, {}, "/");
  if (body !== '{"hello":"world"}') throw new Error(`hello-world answered ${body}`);
  return started;
}

/** A bare node:http server replaying captured answers (scripts/bench/same-bytes.ts); `probe` is one of their paths. */
export async function startSameBytes(answersFile: string, probe: string): Promise<Started> {
  return (await startBare("same bytes", SAME_BYTES_ENTRY, { SAME_BYTES_FILE: answersFile }, probe)).started;
}

/**
 * Node's flags as `npm run serve` passes them (README, *Memory of the embedded server*): V8's young
 * generation capped at 4 MB per semi-space (default 16 MB: measured ~25 MB less resident memory, the
 * young objects of a request are few), and the old generation collected once it has doubled since the
 * last full collection instead of V8's up to fourfold (an import's peak 264–278 → 92 MB above idle).
 */
export const SERVE_NODE_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=100"];

/** The environment the built server runs with on `target`; `env` adds to or overrides it. */
export function serverEnv(target: DataTarget, port: number, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    DATA_DIR: target.dataDir,
    // Blank means "unset" to the server's config, and keeps a .env file from filling these in.
    DATABASE_URL: target.engine === "postgres" ? target.databaseUrl : "",
    SMTP_URL: "",
    PUBLIC_BASE_URL: "",
    GA_MEASUREMENT_ID: "",
    // As `npm run serve` runs it: two malloc arenas (measured: ~20 MB less idle, ~80 MB less after a first start),
    // and freed memory above 128 KB handed back to the system (start-up's peak of ~80 MB malloc'd otherwise stays).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
    ...env,
  };
}

/** Starts `node dist/server/main.js` on `target` and waits until /api/health says ok on that engine. */
export async function startServer(name: string, target: DataTarget, env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  // BENCH_SERVER_NODE_ARGS: more flags for the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof",
  // which NODE_OPTIONS refuses), to see where a bench's server spends its time.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = launch(name, [...SERVE_NODE_FLAGS, ...extra, SERVER_ENTRY], serverEnv(target, port, env));
  const base = `http://127.0.0.1:${port}`;
  const { ms, body } = await waitUntilAnswering(child, `${base}/api/health`, t0);
  const rss = rssMb(child.pid);
  const health = JSON.parse(body) as { status: string; engine: string };
  if (health.engine !== target.engine || health.status !== "ok") {
    throw new Error(`${name}: /api/health says ${body}, expected status ok on ${target.engine}`);
  }
  return { child, base, startMs: round(ms), rssMb: rss };
}

/** A fresh, empty PGlite data folder, removed at cleanup. */
export function pgliteTarget(): DataTarget {
  return { engine: "pglite", dataDir: removeAtCleanup(mkdtempSync(path.join(os.tmpdir(), "ff-bench-pglite-"))) };
}

function redact(url: URL): string {
  const copy = new URL(url);
  if (copy.password) copy.password = "***";
  return copy.toString();
}

function adminUrlFor(name: string): URL {
  const adminUrl = new URL(PG_URL);
  if (adminUrl.pathname === `/${name}`) adminUrl.pathname = "/postgres";
  return adminUrl;
}

/** Runs `work` on a connection to the server's maintenance database (create, drop, comment). */
async function asAdmin<T>(name: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrlFor(name).toString(), connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * A data set generated once and kept (BENCH_DATA_DB): the database `name` on the PostgreSQL server of
 * BENCH_DATABASE_URL, filled by `generate` unless its comment already says `ready` (a run that
 * stopped half-way starts it again). Each run then measures a copy (postgresTarget's `template`),
 * so an import or a merge never changes the kept data; drop it with `dropdb` when done.
 */
export async function keptDataDatabase(name: string, ready: string, generate: (target: DataTarget) => Promise<void>): Promise<void> {
  const found = await asAdmin(name, (admin) =>
    admin.query<{ comment: string | null }>("select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1", [name]),
  );
  if (found.rows[0]?.comment === ready) return log(`data: reusing database ${name} (${ready})`);
  await asAdmin(name, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  await generate({ engine: "postgres", dataDir: removeAtCleanup(mkdtempSync(path.join(os.tmpdir(), "ff-bench-pg-"))), databaseUrl: url.toString() });
  await asAdmin(name, (admin) => admin.query(`COMMENT ON DATABASE ${name} IS '${ready.replace(/'/g, "''")}'`));
}

/**
 * A fresh database `name` on the PostgreSQL server of BENCH_DATABASE_URL (a copy of `template` when
 * given), dropped again at cleanup; null (and a note) when that server cannot be reached, so the
 * bench measures PGlite alone.
 */
export async function postgresTarget(name: string, template?: string): Promise<DataTarget | null> {
  const adminUrl = adminUrlFor(name);
  const benchUrl = new URL(PG_URL);
  benchUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    log(`postgres: ${redact(adminUrl)} is not reachable (${(error as Error).message || "connection refused"}): skipped.`);
    return null;
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
    // PostgreSQL 15 copies a template through the write-ahead log (as much WAL as the data set: 2.5 GB
    // at 1.5 million leads), so checkpoints it set off would still run through the measurement that
    // follows, which is what made two runs of the same import 10 % apart. Written out here, before it.
    if (template) await admin.query("CHECKPOINT");
  } finally {
    await admin.end();
  }
  atCleanup(async () => {
    const client = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end().catch(() => {});
    }
  });
  const dataDir = removeAtCleanup(mkdtempSync(path.join(os.tmpdir(), "ff-bench-pg-")));
  return { engine: "postgres", dataDir, databaseUrl: benchUrl.toString() };
}

/** The server's configuration variables for a target, for seeding it in-process before it starts. */
export function targetConfigEnv(target: DataTarget): Record<string, string> {
  return { DATA_DIR: target.dataDir, DATABASE_URL: target.engine === "postgres" ? target.databaseUrl : "", NODE_ENV: "production" };
}

/** Signs a staff account in through the API; returns the cookie header for its requests. */
export async function staffLogin(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: account.email, password: account.password }) });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!response.ok || !cookie) throw new Error(`login answered ${response.status}`);
  return cookie;
}
