// Responsiveness of the built server on the embedded database (PGlite) while staff work runs:
//   npm run build && npm run bench:embedded
// On a PGlite data folder with BENCH_LEADS leads (default 50,000, scored) and the demo content, a probe samples
// at a low fixed rate — cached `GET /` every 50 ms, `POST /api/auth/login` (staff, correct password)
// every 200 ms — and reports p50/p99 against the target (p99 ≤ 50 ms):
//   (a) idle;
//   (b) while 20 connections ask for the CRM list (first page, a name search, a filter) as sales staff (wrk);
//   (c) during a CSV import of BENCH_IMPORT_ROWS rows (default 200,000: half updates, half new leads)
//       through the API;
//   (d) while a 50 MB CSV of one line (no line break) is uploaded and refused, every 150 ms.
// The probe runs in a thread of its own, open-loop (a probe is sent on time even when earlier ones
// have not been answered), so neither the load generator nor a slow answer delays the next sample.
// A probe not answered within 5 s of its phase's end counts with the time it had waited. Loopback only.
// BENCH_PHASES picks phases (e.g. "b,c"; default all). Prints a table, then one JSON line.
import { createWriteStream, mkdtempSync, statSync } from "node:fs";
import { once } from "node:events";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { createStaff } from "~/server/features/staff/service";
import { insertLeads, writeImportFile } from "./crm-data";
import { scoreEveryLead } from "./lib/crm-data-target";
import { percentile, type LoadFigures } from "./lib/load";
import { removeAtCleanup, runBench, sleep, stop } from "./lib/processes";
import { lat, loadAverage, log, printFigures, round, table } from "./lib/report";
import { luaString, wrk } from "./lib/wrk";
import { pgliteTarget, requireBuild, staffLogin, startServer, targetConfigEnv, type DataTarget } from "./lib/servers";

const LEADS = Number(process.env.BENCH_LEADS ?? 50_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
/** 30 s: 150 sign-in probes a phase. With 15 s (75), the p99 was the single slowest sample of the phase. */
const PHASE_S = Number(process.env.BENCH_PHASE_S ?? 30);
const ONE_LINE_MB = Number(process.env.BENCH_ONE_LINE_MB ?? 50);
/** One upload of the one-line file every this many ms in (d): about as many as back to back gave when each took 0.14–0.2 s. */
const ONE_LINE_EVERY_MS = Number(process.env.BENCH_ONE_LINE_EVERY_MS ?? 150);
/** The longest an import phase may run before the bench gives up on it. */
const IMPORT_LIMIT_S = 600;
const PHASES = new Set((process.env.BENCH_PHASES ?? "a,b,c,d").split(",").map((p) => p.trim()));
const TARGET_P99_MS = 50;
const HOME_EVERY_MS = 50;
const LOGIN_EVERY_MS = 200;
/** Sign-ins rotate over these accounts, each from an address of its own (X-Forwarded-For, TRUST_PROXY=loopback), so the per-account and per-address limits never refuse a correct sign-in. */
const PROBE_ACCOUNTS = 10;
const SALES = { email: "bench.sales@example.com", name: "Bench Sales", password: "bench-sales-password", roles: ["sales" as const] };
const probeAccount = (i: number) => ({ email: `bench.probe${i}@example.com`, name: `Probe ${i}`, password: `bench-probe-password-${i}`, roles: ["sales" as const], address: `10.9.0.${i + 1}` });

async function prepare(target: DataTarget) {
  const config = loadConfig(targetConfigEnv(target));
  const { database, release } = await openConfiguredDatabase(config);
  try {
    const owners = [(await createStaff(database.db, SALES)).id];
    for (let i = 0; i < PROBE_ACCOUNTS; i++) {
      const { address: _address, ...account } = probeAccount(i);
      owners.push((await createStaff(database.db, account)).id);
    }
    const t0 = performance.now();
    await insertLeads(database.db, LEADS, owners);
    await scoreEveryLead(database.db);
    await database.db.execute(sql`checkpoint`);
    await database.db.execute(sql`vacuum analyze lead`);
    return (performance.now() - t0) / 1000;
  } finally {
    await database.close();
    release();
  }
}

// ---------------------------------------------------------------------------------------------------
// The probe: a worker thread with its own event loop, plain JavaScript (node:http only).

interface ProbeSpec {
  name: string;
  everyMs: number;
  offsetMs: number;
  requests: { method: string; path: string; headers: Record<string, string>; body?: string }[];
}
interface ProbeSample {
  ms: number;
  status: number;
  answered: boolean;
}

const PROBE_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const { base, specs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let timers = [];
let outstanding = new Set();
let samples = {};
function fire(spec, n) {
  const r = spec.requests[n % spec.requests.length];
  const sent = performance.now();
  const entry = { spec: spec.name, sent };
  outstanding.add(entry);
  const done = (status) => {
    if (!outstanding.delete(entry)) return;
    samples[spec.name].push({ ms: performance.now() - sent, status, answered: status > 0 });
  };
  const req = http.request(base + r.path, { method: r.method, headers: r.headers, agent, timeout: 120000 }, (res) => {
    res.on("data", () => {});
    res.on("end", () => done(res.statusCode));
    res.on("error", () => done(0));
  });
  req.on("timeout", () => req.destroy());
  req.on("error", () => done(0));
  req.end(r.body);
}
parentPort.on("message", (message) => {
  if (message === "start") {
    samples = Object.fromEntries(specs.map((s) => [s.name, []]));
    for (const spec of specs) {
      let n = 0;
      const begin = setTimeout(() => {
        fire(spec, n++);
        timers.push(setInterval(() => fire(spec, n++), spec.everyMs));
      }, spec.offsetMs);
      timers.push(begin);
    }
  } else if (message === "stop") {
    for (const t of timers) { clearTimeout(t); clearInterval(t); }
    timers = [];
    // The last probes get a few seconds to be answered; one still waiting then counts as unanswered.
    const waitUntil = performance.now() + 5000;
    const finish = () => {
      if (outstanding.size && performance.now() < waitUntil) return setTimeout(finish, 10);
      const now = performance.now();
      for (const entry of outstanding) samples[entry.spec].push({ ms: now - entry.sent, status: 0, answered: false });
      outstanding.clear();
      parentPort.postMessage(samples);
    };
    finish();
  } else if (message === "exit") {
    agent.destroy();
    process.exit(0);
  }
});
`;

class Probe {
  readonly #worker: Worker;
  constructor(base: string, specs: ProbeSpec[]) {
    this.#worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { base, specs } });
  }
  start(): void {
    this.#worker.postMessage("start");
  }
  async stop(): Promise<Record<string, ProbeSample[]>> {
    const answer = once(this.#worker, "message");
    this.#worker.postMessage("stop");
    return (await answer)[0] as Record<string, ProbeSample[]>;
  }
  async close(): Promise<void> {
    this.#worker.postMessage("exit");
    await once(this.#worker, "exit");
  }
}

interface ProbeFigures {
  sent: number;
  answered: number;
  non2xx: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

function figures(samples: ProbeSample[]): ProbeFigures {
  const ms = samples.map((s) => s.ms);
  return {
    sent: samples.length,
    answered: samples.filter((s) => s.answered).length,
    non2xx: samples.filter((s) => s.answered && (s.status < 200 || s.status >= 300)).length,
    p50Ms: round(percentile([...ms], 0.5), 1),
    p95Ms: round(percentile([...ms], 0.95), 1),
    p99Ms: round(percentile([...ms], 0.99), 1),
    maxMs: round(Math.max(0, ...ms), 1),
  };
}

async function measured<T>(probe: Probe, work: () => Promise<T>): Promise<{ result: T; seconds: number; home: ProbeFigures; login: ProbeFigures }> {
  probe.start();
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  const samples = await probe.stop();
  return { result, seconds, home: figures(samples.home ?? []), login: figures(samples.login ?? []) };
}

// ---------------------------------------------------------------------------------------------------

function upload(base: string, cookie: string, file: string): Promise<{ status: number; body: string }> {
  const boundary = `----embeddedbench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/crm/sync-csv`, {
      method: "POST",
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length },
      timeout: IMPORT_LIMIT_S * 1000,
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("timeout", () => req.destroy(new Error(`the upload was not answered within ${IMPORT_LIMIT_S} s`)));
    req.on("error", reject);
    Readable.from(
      (async function* () {
        yield head;
        const { createReadStream } = await import("node:fs");
        yield* createReadStream(file);
        yield tail;
      })(),
    ).pipe(req);
  });
}

async function writeOneLine(file: string, mb: number): Promise<void> {
  const out = createWriteStream(file);
  const chunk = "abc,".repeat(16_384);
  for (let written = 0; written < mb * 1024 * 1024; written += chunk.length) {
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

const met = (f: ProbeFigures) => (f.answered === f.sent && f.non2xx === 0 && f.p99Ms <= TARGET_P99_MS ? "yes" : "no");

async function main() {
  requireBuild();
  const loadAtStart = loadAverage();
  console.log(
    `Embedded database responsiveness — node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAtStart.join(" ")}, ` +
      `${LEADS.toLocaleString("en")} leads, import of ${IMPORT_ROWS.toLocaleString("en")} rows, phases of ${PHASE_S} s\n`,
  );
  const target = pgliteTarget();
  log(`generating ${LEADS.toLocaleString("en")} leads…`);
  log(`generated in ${round(await prepare(target), 1)} s`);
  const dir = removeAtCleanup(mkdtempSync(path.join(os.tmpdir(), "ff-bench-embedded-")));
  const importFile = path.join(dir, "leads.csv");
  if (PHASES.has("c")) await writeImportFile(importFile, IMPORT_ROWS, LEADS);
  const oneLineFile = path.join(dir, "one-line.csv");
  if (PHASES.has("d")) await writeOneLine(oneLineFile, ONE_LINE_MB);

  const { child, base } = await startServer("server (pglite)", target, { TRUST_PROXY: "loopback" });
  let probe: Probe | null = null;
  try {
    const cookie = await staffLogin(base, SALES);
    const accounts = Array.from({ length: PROBE_ACCOUNTS }, (_, i) => probeAccount(i));
    // Each account signs in once from its address first (an address it is known at), and the home page is cached.
    for (const account of accounts) {
      const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": account.address }, body: JSON.stringify({ email: account.email, password: account.password }) });
      if (!res.ok) throw new Error(`probe sign-in answered ${res.status}`);
    }
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/`, { headers: { "accept-encoding": "br, gzip" } });
      await res.arrayBuffer();
    }
    const home = await fetch(`${base}/`, { headers: { "accept-encoding": "br, gzip" } });
    await home.arrayBuffer();
    if (home.headers.get("x-cache") !== "hit") throw new Error(`GET / is not served from the page cache (X-Cache: ${home.headers.get("x-cache")})`);

    probe = new Probe(base, [
      { name: "home", everyMs: HOME_EVERY_MS, offsetMs: 0, requests: [{ method: "GET", path: "/", headers: { "accept-encoding": "br, gzip" } }] },
      {
        name: "login",
        everyMs: LOGIN_EVERY_MS,
        offsetMs: 25,
        requests: accounts.map((a) => ({
          method: "POST",
          path: "/api/auth/login",
          headers: { "content-type": "application/json", "x-forwarded-for": a.address },
          body: JSON.stringify({ email: a.email, password: a.password }),
        })),
      },
    ]);

    interface Phase {
      name: string;
      key: string;
      home: ProbeFigures;
      login: ProbeFigures;
      note: string;
      extra: Record<string, unknown>;
    }
    const phases: Phase[] = [];
    if (PHASES.has("a")) {
      log(`(a) idle, ${PHASE_S} s…`);
      const idle = await measured(probe, () => sleep(PHASE_S * 1000));
      phases.push({ name: "(a) idle", key: "idle", ...idle, note: `${round(idle.seconds, 1)} s`, extra: {} });
    }
    if (PHASES.has("b")) {
      log(`(b) 20 connections on the CRM list, ${PHASE_S} s…`);
      // wrk (C, one thread) as the 20 staff clients: they share the server's two cores here, where
      // real clients are other machines, so they should take as little of them as they can.
      const paths = ["view=active", "q=sharma", "stage=Connected&status=Pitched"].map((query) => luaString(`/api/crm/leads?${query}`));
      const crm = await measured(probe, () =>
        wrk({
          url: `${base}/api/crm/leads?view=active`,
          connections: 20,
          threads: 1,
          durationS: PHASE_S,
          script: `
local paths = { ${paths.join(", ")} }
local headers = { ["Cookie"] = ${luaString(cookie)} }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1], headers)
end`,
        }),
      );
      const load: LoadFigures = crm.result;
      phases.push({
        name: "(b) CRM list, 20 connections",
        key: "crmList",
        ...crm,
        note: `${load.reqPerSec} list req/s, p50 ${lat(load.p50Ms)}, p99 ${lat(load.p99Ms)}, ${load.non2xx} non-2xx, ${load.errors} errors`,
        extra: { listRps: load.reqPerSec, listP99Ms: load.p99Ms },
      });
    }
    if (PHASES.has("c")) {
      log(`(c) import of ${IMPORT_ROWS.toLocaleString("en")} rows…`);
      const imported = await measured(probe, () => upload(base, cookie, importFile));
      if (imported.result.status !== 200) throw new Error(`the import answered ${imported.result.status}: ${imported.result.body.slice(0, 300)}`);
      const result = JSON.parse(imported.result.body) as { syncedRecords: number; created: number; updated: number; rejectedRows: number };
      const rows = result.syncedRecords + result.rejectedRows;
      phases.push({ name: "(c) CSV import", key: "import", ...imported, note: `${rows} rows in ${round(imported.seconds, 1)} s`, extra: { rows, seconds: round(imported.seconds, 1) } });
    }
    if (PHASES.has("d")) {
      log(`(d) a ${ONE_LINE_MB} MB CSV of one line, sent every ${ONE_LINE_EVERY_MS} ms for ${PHASE_S} s…`);
      // One upload is refused in well under a second: sent again and again for the whole phase, so
      // that the probes have enough samples for a p99. At a fixed pace (the next one as soon as the
      // last is answered when that takes longer), not back to back: a faster refusal would otherwise
      // buy more uploads in the phase, and the phase would measure a flood instead of the refusal.
      const oneLine = await measured(probe, async () => {
        const answers: { status: number; seconds: number }[] = [];
        const until = performance.now() + PHASE_S * 1000;
        while (performance.now() < until) {
          const t0 = performance.now();
          const { status } = await upload(base, cookie, oneLineFile);
          answers.push({ status, seconds: (performance.now() - t0) / 1000 });
          await sleep(t0 + ONE_LINE_EVERY_MS - performance.now());
        }
        return answers;
      });
      const statuses = [...new Set(oneLine.result.map((a) => a.status))];
      const slowest = Math.max(...oneLine.result.map((a) => a.seconds));
      phases.push({
        name: `(d) ${ONE_LINE_MB} MB one-line CSV`,
        key: "oneLineCsv",
        ...oneLine,
        note: `${oneLine.result.length} uploads answered ${statuses.join(", ")}, the slowest in ${round(slowest, 2)} s`,
        extra: { uploads: oneLine.result.length, statuses, slowestSeconds: round(slowest, 2) },
      });
    }

    const loadAtEnd = loadAverage();
    console.log(`\nProbes: cached GET / every ${HOME_EVERY_MS} ms, staff sign-in every ${LOGIN_EVERY_MS} ms (target p99 ≤ ${TARGET_P99_MS} ms)`);
    console.log(
      table(
        ["phase", "probe", "sent", "answered", "non-2xx", "p50", "p95", "p99", "max", "target met"],
        phases.flatMap((phase) =>
          (["home", "login"] as const).map((which) => {
            const f = phase[which];
            return [phase.name, which === "home" ? "GET /" : "POST /api/auth/login", f.sent, f.answered, f.non2xx, lat(f.p50Ms), lat(f.p95Ms), lat(f.p99Ms), lat(f.maxMs), met(f)];
          }),
        ),
        2,
      ),
    );
    console.log("");
    for (const phase of phases) console.log(`  ${phase.name}: ${phase.note}`);
    console.log(`  load average ${loadAtStart.join(" ")} at the start, ${loadAtEnd.join(" ")} at the end\n`);
    const pick = (phase: Phase) => ({
      homeP50Ms: phase.home.p50Ms,
      homeP95Ms: phase.home.p95Ms,
      homeP99Ms: phase.home.p99Ms,
      homeUnanswered: phase.home.sent - phase.home.answered,
      loginP50Ms: phase.login.p50Ms,
      loginP95Ms: phase.login.p95Ms,
      loginP99Ms: phase.login.p99Ms,
      loginUnanswered: phase.login.sent - phase.login.answered,
      ...phase.extra,
    });
    printFigures({
      leads: LEADS,
      ...Object.fromEntries(phases.map((phase) => [phase.key, pick(phase)])),
      targetP99Ms: TARGET_P99_MS,
      loadAvg: loadAtEnd,
    });
  } finally {
    await probe?.close();
    await stop(child);
  }
}

runBench(main);
