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
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import pg from "pg";
import { CONNECTIONS, DURATION_S, measure, vsBaseline, WARMUP_S, type LoadFigures } from "./lib/load";
import { rssMb, sampleRss } from "./lib/memory";
import { cleanup, request, runBench, stop, stops } from "./lib/processes";
import { lat, loadAverage, log, mb, ms, printFigures, round, table, times } from "./lib/report";
import { pgliteTarget, postgresTarget, requireBuild, startHello, startServer, type DataTarget, type Engine } from "./lib/servers";

const BENCH_DB = "ff_bench";
/**
 * Each sign-up comes from its own X-Forwarded-For address, so the per-address limit does not cap the load.
 * One process on PostgreSQL too (WEB_CONCURRENCY=1), so both engines' memory is one server's: the
 * scaling over several workers is measured by bench:pages-throughput.
 */
const PROXY_ENV = { TRUST_PROXY: "loopback", WEB_CONCURRENCY: "1" };
/** The issue's memory targets for the embedded server (PGlite); PostgreSQL's are shown for comparison. */
const RSS_TARGET_MB = { idle: 250, peak: 350 };
/** How long the server is left alone after start before its idle memory is read. */
const SETTLE_MS = 2000;

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
 * each one is a real sign-up under its own per-IP limit (the server trusts X-Forwarded-For from loopback: TRUST_PROXY=loopback).
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
  rssMb: { afterColdStart: number | null; afterWarmStart: number | null; afterLoad: number | null; idle: number | null; peak: number | null };
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
  const cold = await startServer(`server (${engine}, cold)`, target, PROXY_ENV);
  await stop(cold.child);

  log(`${engine}: warm start…`);
  const warm = await startServer(`server (${engine}, warm)`, target, PROXY_ENV);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const idle = rssMb(warm.child.pid);
  // Peak: the highest RSS seen from here to the end of the load, sampled every 20 ms.
  const sampler = sampleRss(warm.child.pid);

  log(`${engine}: GET /api/health, ${CONNECTIONS} connections × ${DURATION_S} s…`);
  const health = await measure({ url: `${warm.base}/api/health` });

  log(`${engine}: POST /api/newsletter, ${CONNECTIONS} connections × ${DURATION_S} s…`);
  await signUpOnce(warm.base, engine);
  const newsletter = await measure(newsletterOptions(warm.base, engine));
  const rssAfterLoad = rssMb(warm.child.pid);
  const peak = sampler.stop().peakMb;
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
    rssMb: { afterColdStart: cold.rssMb, afterWarmStart: warm.rssMb, afterLoad: rssAfterLoad, idle, peak },
    health: health.run,
    newsletter: newsletter.run,
    signups: { answered200, inDatabase },
  };
}

// ---------------------------------------------------------------------------------------------------
// Report.

const problems: string[] = [];
async function main() {
  requireBuild();
  const startedAt = performance.now();
  const loadAtStart = loadAverage();
  console.log(
    `API benchmark — node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAtStart.join(" ")} at start, autocannon ${CONNECTIONS} connections × ${DURATION_S} s ` +
      `(after a ${WARMUP_S} s warm-up), 127.0.0.1 only; load generator and server share the machine.\n`,
  );

  log("hello-world baseline…");
  const hello = await startHello();
  const helloLoad = await measure({ url: `${hello.base}/` });
  const helloRssAfterLoad = rssMb(hello.child.pid);
  await stop(hello.child);

  const engines: EngineFigures[] = [await benchEngine(pgliteTarget())];

  const pgTarget = await postgresTarget(BENCH_DB);
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
  console.log(`\nMemory of one server process: idle = ${SETTLE_MS / 1000} s after a warm start; peak = highest RSS during the load (20 ms samples)`);
  console.log(
    table(
      ["engine", "idle RSS", `target ≤ ${RSS_TARGET_MB.idle} MB`, "peak RSS", `target ≤ ${RSS_TARGET_MB.peak} MB`],
      engines.map((e) => [
        e.engine,
        mb(e.rssMb.idle),
        e.rssMb.idle === null ? "n/a" : e.rssMb.idle <= RSS_TARGET_MB.idle ? "met" : "missed",
        mb(e.rssMb.peak),
        e.rssMb.peak === null ? "n/a" : e.rssMb.peak <= RSS_TARGET_MB.peak ? "met" : "missed",
      ]),
    ),
  );
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
  const loadAtEnd = loadAverage();
  console.log(`total ${totalS} s; load average at the end ${loadAtEnd.join(" ")}`);
  if (problems.length) console.log(`\nPROBLEMS:\n${problems.map((p) => `  - ${p}`).join("\n")}`);

  const ratio = (figures: LoadFigures) => vsBaseline(figures, baseline);
  printFigures(
    {
      bench: "api",
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
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
      rssTargetsMb: RSS_TARGET_MB,
      postgresSkipped: !pgTarget,
      children: stops,
      problems,
      ok: problems.length === 0,
      totalS,
    },
  );
  process.exit(problems.length ? 1 : 0);
}

runBench(main);
