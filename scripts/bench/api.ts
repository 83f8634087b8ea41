// API benchmark of the built server (`node dist/server/main.js`) on PGlite and on PostgreSQL:
//   npm run build && npm run bench:api
// Measures, per engine: cold start (spawn → GET /api/health 200 on fresh data), warm start (same data,
// already migrated), the server's RSS after start and after load, and autocannon throughput/latency of
// GET /api/health and POST /api/newsletter, next to a bare Fastify hello-world (scripts/bench/hello.ts)
// measured in the same run. Prints a table, then one JSON line with every figure.
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a PostgreSQL server on which
// the database ff_bench is dropped (WITH (FORCE)), created, used and dropped again; the PostgreSQL part is
// skipped when that server cannot be reached. Everything listens on 127.0.0.1 only.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SERVER_ENTRY = path.join(root, "dist/server/main.js");
const SITE_BUILD = path.join(root, "build/server/index.js");
const HELLO_ENTRY = path.join(root, "scripts/bench/hello.ts");

const CONNECTIONS = 10;
const DURATION_S = 8;
const WARMUP_S = 1;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const BENCH_DB = "ff_bench";
const PG_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

type Engine = "pglite" | "postgres";

// ---------------------------------------------------------------------------------------------------
// Child processes, temp data and the bench database, all cleaned up on success, failure or Ctrl-C.

interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  exited: boolean;
  /** Exit code, or the signal name, or the spawn error. */
  exit: Promise<number | string>;
  /** Last few KB of the child's stdout+stderr, shown when it fails. */
  output: string;
}

interface StopRecord {
  name: string;
  pid: number;
  exit: number | string;
  stopMs: number;
  /** Did not exit within STOP_TIMEOUT_MS of SIGTERM and was killed. */
  forced: boolean;
  /** Had already exited before we asked it to. */
  diedEarly: boolean;
}

const children = new Set<Child>();
const stops: StopRecord[] = [];
const tempDirs = new Set<string>();
let benchDbAdminUrl: string | null = null;

function launch(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const child: Child = { name, proc, pid: proc.pid ?? -1, exited: false, exit: Promise.resolve(0), output: "" };
  const keep = (chunk: Buffer) => {
    child.output = (child.output + chunk.toString()).slice(-4000);
  };
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  child.exit = new Promise((resolve) => {
    proc.once("exit", (code, signal) => {
      child.exited = true;
      resolve(code ?? signal ?? "unknown");
    });
    proc.once("error", (error) => {
      child.exited = true;
      resolve(`spawn error: ${error.message}`);
    });
  });
  children.add(child);
  return child;
}

async function stop(child: Child): Promise<StopRecord> {
  const started = performance.now();
  const diedEarly = child.exited;
  if (!child.exited) child.proc.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const timedOut = Symbol("timeout");
  let exit = await Promise.race([
    child.exit,
    new Promise<typeof timedOut>((resolve) => (timer = setTimeout(() => resolve(timedOut), STOP_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  const forced = exit === timedOut;
  if (forced) {
    child.proc.kill("SIGKILL");
    exit = await child.exit;
  }
  children.delete(child);
  const record: StopRecord = {
    name: child.name,
    pid: child.pid,
    exit: exit as number | string,
    stopMs: Math.round(performance.now() - started),
    forced,
    diedEarly,
  };
  stops.push(record);
  return record;
}

let cleanedUp = false;
async function cleanup(): Promise<void> {
  if (cleanedUp) return;
  cleanedUp = true;
  await Promise.all([...children].map((child) => stop(child).catch(() => {})));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
  if (benchDbAdminUrl) {
    const admin = new pg.Client({ connectionString: benchDbAdminUrl, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    } catch (error) {
      console.error(`Could not drop the database ${BENCH_DB}: ${(error as Error).message}`);
    } finally {
      await admin.end().catch(() => {});
    }
    benchDbAdminUrl = null;
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark processes…`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------
// Small helpers.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function request(
  url: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string; timeoutMs?: number } = {},
): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, agent: false, timeout: options.timeoutMs ?? 1000 },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", () => resolve(null));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
    req.end(options.body);
  });
}

/** Resident memory of a process in MB, from /proc (Linux); null elsewhere. */
function rssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? round(Number(match[1]) / 1024, 1) : null;
  } catch {
    return null;
  }
}

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Polls `url` until it answers 200; returns the time since `t0` and the body. */
async function waitUntilAnswering(child: Child, url: string, t0: number): Promise<{ ms: number; body: string }> {
  for (;;) {
    if (child.exited) throw new Error(`${child.name} exited before ${url} answered 200. Its output:\n${child.output}`);
    if (performance.now() - t0 > START_TIMEOUT_MS) {
      throw new Error(`${child.name}: ${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s. Its output:\n${child.output}`);
    }
    const res = await request(url);
    if (res?.status === 200) return { ms: performance.now() - t0, body: res.body };
    await sleep(5);
  }
}

// ---------------------------------------------------------------------------------------------------
// Processes under test.

interface Started {
  child: Child;
  base: string;
  startMs: number;
  rssMb: number | null;
}

async function startHello(): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = launch("hello-world", ["--import", "tsx", HELLO_ENTRY], { ...process.env, HOST: "127.0.0.1", PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  const { ms, body } = await waitUntilAnswering(child, `${base}/`, t0);
  if (body !== '{"hello":"world"}') throw new Error(`hello-world answered ${body}`);
  return { child, base, startMs: round(ms), rssMb: rssMb(child.pid) };
}

type DataTarget = { engine: "pglite"; dataDir: string } | { engine: "postgres"; dataDir: string; databaseUrl: string };

async function startServer(name: string, target: DataTarget): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    TRUST_PROXY: "true",
    DATA_DIR: target.dataDir,
    // Blank means "unset" to the server's config, and keeps a .env file from filling these in.
    DATABASE_URL: target.engine === "postgres" ? target.databaseUrl : "",
    SMTP_URL: "",
    PUBLIC_BASE_URL: "",
    GA_MEASUREMENT_ID: "",
  };
  const t0 = performance.now();
  const child = launch(name, [SERVER_ENTRY], env);
  const base = `http://127.0.0.1:${port}`;
  const { ms, body } = await waitUntilAnswering(child, `${base}/api/health`, t0);
  const rss = rssMb(child.pid);
  const health = JSON.parse(body) as { status: string; engine: string; database: string };
  if (health.engine !== target.engine || health.status !== "ok") {
    throw new Error(`${name}: /api/health says ${body}, expected status ok on ${target.engine}`);
  }
  return { child, base, startMs: round(ms), rssMb: rss };
}

// ---------------------------------------------------------------------------------------------------
// Load.

interface LoadFigures {
  reqPerSec: number;
  /** Latency percentiles of the 2xx responses, from autocannon's per-response times (sub-ms precision). */
  p50Ms: number;
  p99Ms: number;
  /** The same from autocannon's own histogram, which keeps whole milliseconds only. */
  autocannonP50Ms: number;
  autocannonP99Ms: number;
  responses: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
}

function cannon(options: autocannon.Options): Promise<LoadFigures> {
  const duration = Number(options.duration);
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    // Bounded even if the target hangs: autocannon is stopped well after its own deadline.
    const guard = setTimeout(() => instance.stop(), (duration + 20) * 1000);
    const instance: autocannon.Instance = autocannon(
      { connections: CONNECTIONS, pipelining: 1, timeout: 10, ...options },
      (error: Error | null, result: autocannon.Result) => {
        clearTimeout(guard);
        if (error) return reject(error);
        resolve({
          reqPerSec: round(result.requests.average),
          p50Ms: round(percentile(latencies, 0.5), 3),
          p99Ms: round(percentile(latencies, 0.99), 3),
          autocannonP50Ms: result.latency.p50,
          autocannonP99Ms: result.latency.p99,
          responses: result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"],
          ok2xx: result["2xx"],
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          durationS: round(result.duration, 2),
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** Nearest-rank percentile; sorts `values` in place. */
function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil(p * values.length) - 1))]!;
}

/** A short unmeasured run (JIT, connection pools), then the measured one. */
async function measure(options: autocannon.Options): Promise<{ warmup: LoadFigures; run: LoadFigures }> {
  const warmup = await cannon({ ...options, duration: WARMUP_S });
  const run = await cannon({ ...options, duration: DURATION_S });
  return { warmup, run };
}

let signupSeq = 0;
const runTag = Date.now().toString(36);

/** A distinct client address per sign-up: 10.a.b.c from the sequence number (16M before repeating). */
const addressFor = (n: number) => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

function nextSignup(engine: Engine): { email: string; address: string } {
  const n = ++signupSeq;
  return { email: `bench-${engine}-${runTag}-${n}@example.com`, address: addressFor(n) };
}

/**
 * POST /api/newsletter with a new e-mail and a new X-Forwarded-For address on every request, so
 * each one is a real sign-up under its own per-IP limit (the server runs with TRUST_PROXY=true).
 */
function newsletterOptions(base: string, engine: Engine): autocannon.Options {
  return {
    url: `${base}/api/newsletter`,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (req) => {
          const { email, address } = nextSignup(engine);
          return { ...req, body: JSON.stringify({ email }), headers: { ...req.headers, "x-forwarded-for": address } };
        },
      },
    ],
  } as autocannon.Options;
}

async function signUpOnce(base: string, engine: Engine): Promise<void> {
  const { email, address } = nextSignup(engine);
  const res = await request(`${base}/api/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email }),
    timeoutMs: 5000,
  });
  if (res?.status !== 200 || res.body !== '{"ok":true}') {
    throw new Error(`POST /api/newsletter answered ${res ? `${res.status} ${res.body}` : "nothing"}, expected 200 {"ok":true}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// One engine: cold start, warm start, load, memory, then count the sign-ups in its database.

interface EngineFigures {
  engine: Engine;
  coldStartMs: number;
  warmStartMs: number;
  rssMb: { afterColdStart: number | null; afterWarmStart: number | null; afterLoad: number | null };
  health: LoadFigures;
  newsletter: LoadFigures;
  signups: { answered200: number; inDatabase: number };
}

async function countSubscribers(target: DataTarget): Promise<number> {
  const sql = "select count(*)::int as n from newsletter_subscription";
  if (target.engine === "postgres") {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ n: number }>(sql)).rows[0]!.n;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(path.join(target.dataDir, "pglite"));
  try {
    return (await db.query<{ n: number }>(sql)).rows[0]!.n;
  } finally {
    await db.close();
  }
}

async function benchEngine(target: DataTarget): Promise<EngineFigures> {
  const { engine } = target;
  log(`${engine}: cold start…`);
  const cold = await startServer(`server (${engine}, cold)`, target);
  await stop(cold.child);

  log(`${engine}: warm start…`);
  const warm = await startServer(`server (${engine}, warm)`, target);

  log(`${engine}: GET /api/health, ${CONNECTIONS} connections × ${DURATION_S} s…`);
  const health = await measure({ url: `${warm.base}/api/health` });

  log(`${engine}: POST /api/newsletter, ${CONNECTIONS} connections × ${DURATION_S} s…`);
  await signUpOnce(warm.base, engine);
  const newsletter = await measure(newsletterOptions(warm.base, engine));
  const rssAfterLoad = rssMb(warm.child.pid);
  const stopped = await stop(warm.child);
  if (stopped.diedEarly) throw new Error(`server (${engine}) died during the load. Its output:\n${warm.child.output}`);

  const answered200 = 1 + newsletter.warmup.ok2xx + newsletter.run.ok2xx;
  const inDatabase = await countSubscribers(target);
  for (const [label, figures] of [
    ["health", health.warmup],
    ["newsletter", newsletter.warmup],
  ] as const) {
    if (figures.non2xx || figures.errors) problems.push(`${engine} ${label} warm-up: ${figures.non2xx} non-2xx, ${figures.errors} errors`);
  }
  return {
    engine,
    coldStartMs: cold.startMs,
    warmStartMs: warm.startMs,
    rssMb: { afterColdStart: cold.rssMb, afterWarmStart: warm.rssMb, afterLoad: rssAfterLoad },
    health: health.run,
    newsletter: newsletter.run,
    signups: { answered200, inDatabase },
  };
}

async function preparePostgres(): Promise<DataTarget | null> {
  const benchUrl = new URL(PG_URL);
  const adminUrl = new URL(PG_URL);
  if (adminUrl.pathname === `/${BENCH_DB}`) adminUrl.pathname = "/postgres";
  benchUrl.pathname = `/${BENCH_DB}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    log(`postgres: ${redact(adminUrl)} is not reachable (${(error as Error).message || "connection refused"}): skipped.`);
    return null;
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    benchDbAdminUrl = adminUrl.toString();
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ff-bench-pg-"));
  tempDirs.add(dataDir);
  return { engine: "postgres", dataDir, databaseUrl: benchUrl.toString() };
}

function redact(url: URL): string {
  const copy = new URL(url);
  if (copy.password) copy.password = "***";
  return copy.toString();
}

// ---------------------------------------------------------------------------------------------------
// Report.

const problems: string[] = [];
const log = (line: string) => console.log(`  · ${line}`);

function table(header: string[], rows: (string | number)[][], leftColumns = 1): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("   ");
  return [line(cells[0]!), widths.map((w) => "─".repeat(w)).join("   "), ...cells.slice(1).map(line)].join("\n");
}

const ms = (value: number) => `${value} ms`;
const lat = (value: number) => `${value.toFixed(2)} ms`;
const mb = (value: number | null) => (value === null ? "n/a" : `${value.toFixed(1)} MB`);
const times = (value: number) => `${value.toFixed(value < 0.1 ? 3 : 2)}×`;

async function main() {
  if (!existsSync(SERVER_ENTRY) || !existsSync(SITE_BUILD)) {
    console.error(`The server is not built (${path.relative(root, existsSync(SERVER_ENTRY) ? SITE_BUILD : SERVER_ENTRY)} is missing): run \`npm run build\` first.`);
    process.exit(1);
  }
  const startedAt = performance.now();
  console.log(
    `API benchmark — node ${process.version}, ${os.cpus().length} CPUs, autocannon ${CONNECTIONS} connections × ${DURATION_S} s ` +
      `(after a ${WARMUP_S} s warm-up), 127.0.0.1 only; load generator and server share the machine.\n`,
  );

  log("hello-world baseline…");
  const hello = await startHello();
  const helloLoad = await measure({ url: `${hello.base}/` });
  const helloRssAfterLoad = rssMb(hello.child.pid);
  await stop(hello.child);

  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), "ff-bench-pglite-"));
  tempDirs.add(pgliteDir);
  const engines: EngineFigures[] = [await benchEngine({ engine: "pglite", dataDir: pgliteDir })];

  const pgTarget = await preparePostgres();
  if (pgTarget) engines.push(await benchEngine(pgTarget));

  await cleanup();

  // Checks: every measured request answered 2xx without connection errors; every child exited 0 on SIGTERM.
  const baseline = helloLoad.run;
  const loads: { label: string; figures: LoadFigures }[] = [
    { label: "hello-world (baseline)", figures: baseline },
    ...engines.flatMap((e) => [
      { label: `GET /api/health (${e.engine})`, figures: e.health },
      { label: `POST /api/newsletter (${e.engine})`, figures: e.newsletter },
    ]),
  ];
  for (const { label, figures } of loads) {
    if (figures.non2xx || figures.errors || figures.timeouts) {
      problems.push(`${label}: ${figures.non2xx} non-2xx, ${figures.errors} errors, ${figures.timeouts} timeouts`);
    }
  }
  for (const e of engines) {
    if (e.signups.inDatabase < e.signups.answered200) {
      problems.push(`${e.engine}: ${e.signups.answered200} sign-ups answered 200 but only ${e.signups.inDatabase} are in the database`);
    }
  }
  for (const s of stops) {
    if (s.exit !== 0 || s.forced || s.diedEarly) {
      problems.push(`${s.name} (pid ${s.pid}) ${s.forced ? "ignored SIGTERM and was killed" : s.diedEarly ? "had died early" : "exited"} with ${s.exit}`);
    }
  }

  console.log("\nStart-up: spawn of `node dist/server/main.js` until GET /api/health answers 200; RSS of the server process");
  console.log(
    table(
      ["engine", "cold start", "warm start", "RSS after cold start", "RSS after warm start", "RSS after load"],
      engines.map((e) => [
        e.engine,
        ms(e.coldStartMs),
        ms(e.warmStartMs),
        mb(e.rssMb.afterColdStart),
        mb(e.rssMb.afterWarmStart),
        mb(e.rssMb.afterLoad),
      ]),
    ),
  );
  if (!pgTarget) console.log("(PostgreSQL not reachable: only PGlite measured.)");
  console.log(`hello-world: RSS ${mb(hello.rssMb)} after start, ${mb(helloRssAfterLoad)} after load`);

  console.log(`\nThroughput: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each (the measured run, after the warm-up)`);
  console.log(
    table(
      ["target", "req/s", "× hello", "p50", "× hello", "p99", "× hello", "2xx", "non-2xx", "errors"],
      loads.map(({ label, figures }) => [
        label,
        figures.reqPerSec,
        times(figures.reqPerSec / baseline.reqPerSec),
        lat(figures.p50Ms),
        times(figures.p50Ms / baseline.p50Ms || 0),
        lat(figures.p99Ms),
        times(figures.p99Ms / baseline.p99Ms || 0),
        figures.ok2xx,
        figures.non2xx,
        figures.errors,
      ]),
    ),
  );
  console.log("");
  for (const e of engines) {
    for (const [name, figures] of [
      ["health", e.health],
      ["newsletter", e.newsletter],
    ] as const) {
      console.log(`${name} (${e.engine}): ${figures.reqPerSec} req/s = ${times(figures.reqPerSec / baseline.reqPerSec)} hello-world (${baseline.reqPerSec} req/s)`);
    }
  }
  console.log("");
  for (const e of engines) {
    console.log(
      `newsletter (${e.engine}): ${e.newsletter.non2xx} non-2xx in the measured run; ${e.signups.answered200} sign-ups answered 200 in all ` +
        `(1 check + warm-up + run), ${e.signups.inDatabase} subscribers in the database`,
    );
  }
  console.log(
    `children: ${stops.length} stopped with SIGTERM — ` +
      stops.map((s) => `${s.name} → ${s.forced ? "killed" : `exit ${s.exit}`} in ${s.stopMs} ms`).join("; "),
  );
  const totalS = round((performance.now() - startedAt) / 1000, 1);
  console.log(`total ${totalS} s`);
  if (problems.length) console.log(`\nPROBLEMS:\n${problems.map((p) => `  - ${p}`).join("\n")}`);

  const ratio = (figures: LoadFigures) => ({
    reqPerSec: round(figures.reqPerSec / baseline.reqPerSec, 3),
    p50: round(figures.p50Ms / baseline.p50Ms || 0, 3),
    p99: round(figures.p99Ms / baseline.p99Ms || 0, 3),
  });
  console.log(
    JSON.stringify({
      bench: "api",
      node: process.version,
      cpus: os.cpus().length,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      helloWorld: { startMs: hello.startMs, rssMb: { afterStart: hello.rssMb, afterLoad: helloRssAfterLoad }, ...baseline },
      engines: Object.fromEntries(
        engines.map((e) => [
          e.engine,
          {
            ...e,
            health: { ...e.health, vsHelloWorld: ratio(e.health) },
            newsletter: { ...e.newsletter, vsHelloWorld: ratio(e.newsletter) },
          },
        ]),
      ),
      postgresSkipped: !pgTarget,
      children: stops,
      problems,
      ok: problems.length === 0,
      totalS,
    }),
  );
  process.exit(problems.length ? 1 : 0);
}

main().catch(async (error) => {
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanup();
  process.exit(1);
});
