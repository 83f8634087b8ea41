// Throughput of the public pages and JSON an anonymous visitor gets, from the built server:
//   npm run build && npm run bench:pages-throughput
// A fresh database with a 50-simulation library (lib/library.ts). For each of /, /founders-find,
// /simulations, /simulations/{slug} and /api/simulations:
//   - cold: the first request after a staff edit (the content version moves on, the page is rendered
//     again): median of COLD_EDITS edits, one request each;
//   - warm: autocannon with a browser's Accept-Encoding (served from the anonymous cache);
//   - bytes: uncompressed and brotli, per response;
// each next to a bare Fastify hello-world measured in the same run, and next to the ceiling for a
// cached answer: a bare node:http server sending the very bytes (headers and brotli body) our server
// sent for that path (same-bytes.ts). Then GET / under 200 connections.
// Runs on PGlite (one process), and on PostgreSQL with WEB_CONCURRENCY=1 and =2 (the cluster's
// scaling on this machine). BENCH_DATABASE_URL names the PostgreSQL server (see lib/servers.ts); the
// PostgreSQL part is skipped when it cannot be reached. Ends with one JSON line of every figure.
import { mkdtempSync, writeFileSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { CONNECTIONS, DURATION_S, measure, vsBaseline, WARMUP_S, type LoadFigures } from "./lib/load";
import { LIBRARY_SIZE, seedLibrary, signInEditor, touchContent } from "./lib/library";
import { treeRssMb } from "./lib/memory";
import { removeAtCleanup, runBench, stop } from "./lib/processes";
import { kb, lat, log, mb, ms, printFigures, round, table, times } from "./lib/report";
import { pgliteTarget, postgresTarget, requireBuild, startHello, startSameBytes, startServer, type DataTarget } from "./lib/servers";
import type { CapturedAnswer } from "./same-bytes";

const COLD_EDITS = 5;
const MANY_CONNECTIONS = 200;
const BROWSER = { "accept-encoding": "br, gzip" };
/** The issue's targets, as multiples of hello-world's req/s, and the HTML budget of /simulations. */
const TARGET = { pageVsHello: 0.25, apiVsHello: 0.5, manyP99Ms: 50, simulationsHtmlKb: 60 };

interface PathFigures {
  path: string;
  coldMs: number;
  coldCache: string;
  warm: LoadFigures;
  bytes: { identity: number; br: number };
  /** What the server sent a browser, replayed by the same-bytes baseline. */
  answer: CapturedAnswer;
}

interface ServerFigures {
  label: string;
  rssMb: { idle: number | null; afterLoad: number | null };
  paths: PathFigures[];
  many: LoadFigures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timedGet(url: string, headers: Record<string, string>): Promise<{ ms: number; cache: string; bytes: number }> {
  const t0 = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return { ms: performance.now() - t0, cache: response.headers.get("x-cache") ?? "none", bytes: body.byteLength };
}

/** One GET as sent (fetch would decompress): status, headers and the raw body, over node:http. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const sentBytes = async (url: string, encoding: string | null) => (await rawGet(url, encoding ? { "accept-encoding": encoding } : {})).body.length;

/** The answer a browser gets (brotli), as sent, without the per-connection headers. */
async function captureAnswer(url: string): Promise<CapturedAnswer> {
  const { status, headers: sent, body } = await rawGet(url, BROWSER);
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...headers } = sent;
  return { status, headers, body: body.toString("base64") };
}

async function benchServer(label: string, target: DataTarget, env: NodeJS.ProcessEnv, paths: string[]): Promise<ServerFigures> {
  log(`${label}: starting…`);
  const server = await startServer(`server (${label})`, target, { SEED_DEMO: "false", ...env });
  try {
    const cookie = await signInEditor(server.base);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = treeRssMb(server.child.pid);
    const figures: PathFigures[] = [];
    for (const path of paths) {
      const url = `${server.base}${path}`;
      const cold: { ms: number; cache: string }[] = [];
      for (let i = 0; i < COLD_EDITS; i++) {
        await touchContent(server.base, cookie);
        cold.push(await timedGet(url, BROWSER));
      }
      log(`${label}: ${path} warm, ${CONNECTIONS} connections × ${DURATION_S} s…`);
      const warm = (await measure({ url, headers: BROWSER })).run;
      figures.push({
        path,
        coldMs: round(median(cold.map((c) => c.ms)), 1),
        coldCache: [...new Set(cold.map((c) => c.cache))].join("/"),
        warm,
        bytes: { identity: await sentBytes(url, null), br: await sentBytes(url, "br") },
        answer: await captureAnswer(url),
      });
    }
    log(`${label}: / with ${MANY_CONNECTIONS} connections…`);
    const many = (await measure({ url: `${server.base}/`, headers: BROWSER, connections: MANY_CONNECTIONS })).run;
    return { label, rssMb: { idle, afterLoad: treeRssMb(server.child.pid) }, paths: figures, many };
  } finally {
    await stop(server.child);
  }
}

async function main() {
  requireBuild();
  const startedAt = performance.now();
  const load = os.loadavg().map((l) => round(l, 2));
  console.log(
    `Public pages throughput — node ${process.version}, ${os.cpus().length} CPUs, load average ${load.join(" ")} at start; ` +
      `autocannon ${CONNECTIONS} connections × ${DURATION_S} s after ${WARMUP_S} s warm-up; ${LIBRARY_SIZE} simulations; ` +
      `load generator and servers share the machine.\n`,
  );

  const pglite = pgliteTarget();
  log("seeding PGlite…");
  const slug = await seedLibrary(pglite);
  const postgres = await postgresTarget("ff_bench_pages");
  if (postgres) {
    log("seeding PostgreSQL…");
    await seedLibrary(postgres);
  }

  log("hello-world baseline…");
  const hello = await startHello();
  const baseline = (await measure({ url: `${hello.base}/` })).run;
  const helloMany = (await measure({ url: `${hello.base}/`, connections: MANY_CONNECTIONS })).run;
  await stop(hello.child);

  const paths = ["/", "/founders-find", "/simulations", `/simulations/${slug}`, "/api/simulations"];

  const servers: ServerFigures[] = [await benchServer("pglite", pglite, {}, paths)];
  if (postgres) {
    servers.push(await benchServer("postgres, WEB_CONCURRENCY=1", postgres, { WEB_CONCURRENCY: "1" }, paths));
    servers.push(await benchServer("postgres, WEB_CONCURRENCY=2", postgres, { WEB_CONCURRENCY: "2" }, paths));
  }

  // The ceiling: Node itself sending what the embedded server sent for each path.
  log("same-bytes baseline (bare node:http replaying each answer)…");
  const answersFile = path.join(removeAtCleanup(mkdtempSync(path.join(os.tmpdir(), "ff-bench-same-"))), "answers.json");
  writeFileSync(answersFile, JSON.stringify(Object.fromEntries(servers[0]!.paths.map((p) => [p.path, p.answer]))));
  const sameBytes = await startSameBytes(answersFile, paths[0]!);
  const ceiling = new Map<string, LoadFigures>();
  for (const p of paths) ceiling.set(p, (await measure({ url: `${sameBytes.base}${p}`, headers: BROWSER })).run);
  await stop(sameBytes.child);

  const problems: string[] = [];
  for (const s of servers) {
    for (const p of s.paths) {
      if (p.warm.non2xx || p.warm.errors || p.warm.timeouts) problems.push(`${s.label} ${p.path}: ${p.warm.non2xx} non-2xx, ${p.warm.errors} errors, ${p.warm.timeouts} timeouts`);
      if (!p.coldCache.split("/").every((c) => c === "miss")) problems.push(`${s.label} ${p.path}: a request after an edit was not a fresh render (x-cache ${p.coldCache})`);
    }
  }

  console.log(`\nsame bytes from a bare node:http server (the ceiling for a cached answer), req/s: ${paths.map((p) => `${p} ${ceiling.get(p)!.reqPerSec}`).join(", ")}`);
  console.log(`hello-world: ${baseline.reqPerSec} req/s, p50 ${lat(baseline.p50Ms)}, p99 ${lat(baseline.p99Ms)} (${CONNECTIONS} connections); ` +
    `${helloMany.reqPerSec} req/s, p99 ${lat(helloMany.p99Ms)} (${MANY_CONNECTIONS} connections)`);
  for (const s of servers) {
    console.log(`\n${s.label} — RSS (all processes) ${mb(s.rssMb.idle)} idle, ${mb(s.rssMb.afterLoad)} after the load`);
    console.log(
      table(
        ["path", "cold (after edit)", "warm req/s", "× hello", "target", "× same bytes", "p50", "p99", "bytes (br)", "bytes (raw)"],
        s.paths.map((p) => {
          const ratio = vsBaseline(p.warm, baseline).reqPerSec;
          const goal = p.path.startsWith("/api/") ? TARGET.apiVsHello : TARGET.pageVsHello;
          const same = vsBaseline(p.warm, ceiling.get(p.path)!).reqPerSec;
          return [p.path, ms(p.coldMs), p.warm.reqPerSec, times(ratio), `≥ ${goal}× ${ratio >= goal ? "met" : "missed"}`, times(same), lat(p.warm.p50Ms), lat(p.warm.p99Ms), kb(p.bytes.br), kb(p.bytes.identity)];
        }),
      ),
    );
    const ratio = vsBaseline(s.many, helloMany).reqPerSec;
    console.log(
      `GET / with ${MANY_CONNECTIONS} connections: ${s.many.reqPerSec} req/s = ${times(ratio)} hello-world, p99 ${lat(s.many.p99Ms)} ` +
        `(targets ≥ ${TARGET.pageVsHello}× and p99 ≤ ${TARGET.manyP99Ms} ms: ${ratio >= TARGET.pageVsHello && s.many.p99Ms <= TARGET.manyP99Ms ? "met" : "missed"})`,
    );
  }
  const simulationsHtml = servers[0]!.paths.find((p) => p.path === "/simulations")!.bytes.identity;
  console.log(`\nHTML of /simulations with ${LIBRARY_SIZE} simulations: ${kb(simulationsHtml)} uncompressed (target ≤ ${TARGET.simulationsHtmlKb} KB)`);
  const [one, two] = [servers[1], servers[2]];
  if (one && two) {
    console.log("\nPostgreSQL, WEB_CONCURRENCY=2 against =1 (warm req/s):");
    console.log(table(["path", "1 worker", "2 workers", "scaling"], one.paths.map((p, i) => [p.path, p.warm.reqPerSec, two.paths[i]!.warm.reqPerSec, times(two.paths[i]!.warm.reqPerSec / p.warm.reqPerSec)])));
  }
  console.log(`\nload average at the end: ${os.loadavg().map((l) => round(l, 2)).join(" ")}; total ${round((performance.now() - startedAt) / 1000, 1)} s`);
  if (problems.length) console.log(`\nPROBLEMS:\n${problems.map((p) => `  - ${p}`).join("\n")}`);

  printFigures({
    bench: "pages-throughput",
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: { start: load, end: os.loadavg().map((l) => round(l, 2)) },
    simulations: LIBRARY_SIZE,
    connections: CONNECTIONS,
    manyConnections: MANY_CONNECTIONS,
    targets: TARGET,
    helloWorld: { ...baseline, many: helloMany },
    sameBytes: Object.fromEntries(ceiling),
    servers: servers.map((s) => ({
      ...s,
      paths: s.paths.map(({ answer: _answer, ...p }) => ({ ...p, vsHelloWorld: vsBaseline(p.warm, baseline), vsSameBytes: vsBaseline(p.warm, ceiling.get(p.path)!) })),
      many: { ...s.many, vsHelloWorld: vsBaseline(s.many, helloMany) },
    })),
    simulationsHtmlBytes: simulationsHtml,
    postgresSkipped: !postgres,
    problems,
    ok: problems.length === 0,
  });
  process.exitCode = problems.length ? 1 : 0;
}

runBench(main);
