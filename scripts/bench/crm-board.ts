// The CRM board and bulk actions at a million leads on PostgreSQL (issue 23 §1):
//   npm run build && flock /tmp/bench.lock npm run bench:crm-board
// BENCH_LEADS leads (default 1,000,000) generated as bench:crm generates them (owners, stages,
// statuses, amounts, follow-ups), 100,000 of them given an owner of their own (the bulk selection).
// Board: the first data answer of GET /api/crm/board under several filters, one connection, p95
// against the target of 50 ms, and its throughput with wrk; a column's "Load more"; the exact counts a search
// board asks for after its cards (GET /api/crm/board/counts, no first-answer target). Bulk: a stage +
// status change and an owner assignment of all 100,000 leads matching a filter, from the POST to the
// job's end, with its progress as the page sees it, against the target of 10 s. Last line: JSON.
// BENCH_DATA_DB: copy the kept data set of bench:crm instead of generating (lib/crm-data-target.ts).
import os from "node:os";
import { sql } from "drizzle-orm";
import { rowsOf } from "~/server/db/client";
import pg from "pg";
import type { Board, BulkJob, BulkRequest } from "~/shared/schemas/crm-bulk";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { createStaff } from "~/server/features/staff/service";
import { oneConnectionLatency, type LoadFigures } from "./lib/load";
import { runBench, stop } from "./lib/processes";
import { lat, loadAverage, log, printFigures, round, table } from "./lib/report";
import { CRM_BENCH_STAFF, crmDataTarget } from "./lib/crm-data-target";
import { requireBuild, startServer, staffLogin, targetConfigEnv } from "./lib/servers";
import { wrk } from "./lib/wrk";

const ROWS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const BULK_LEADS = Math.min(100_000, Math.floor(ROWS / 5));
const LATENCY_REQUESTS = Math.max(200, Number(process.env.BENCH_LATENCY_REQUESTS ?? 200));
export const BOARD_P95_TARGET_MS = 50;
export const BULK_TARGET_S = 10;
/** The second request of a search board whose answer left counts pending (no first-answer target). */
const AFTER_CARDS = "board counts, search";

/** The data set (crm-data-target.ts), then the bulk selection: the newest BULK_LEADS active leads, given an owner of their own. */
async function prepare() {
  const { target, generateS } = await crmDataTarget(process.env.BENCH_DB_NAME ?? "ff_bench_crm_board", ROWS);
  const config = loadConfig(targetConfigEnv(target));
  const { database, release } = await openConfiguredDatabase(config);
  try {
    const owners = rowsOf<{ id: string }>(await database.db.execute(sql`select id from staff where email like 'owner_@example.com' order by email`)).map((r) => r.id);
    const bulkOwner = (await createStaff(database.db, { email: "bulk.owner@example.com", name: "Bulk Owner", password: "bench-owner-password", roles: ["sales"] })).id;
    await database.db.execute(sql`update lead set lead_owner = ${bulkOwner}::uuid where id in (select id from lead where not is_paid order by created_at desc limit ${BULK_LEADS})`);
    const client = new pg.Client({ connectionString: config.databaseUrl! });
    await client.connect();
    try {
      await client.query("vacuum analyze lead");
    } finally {
      await client.end();
    }
    return { target, generateS, owner: owners[0]!, bulkOwner, otherOwner: owners[1]! };
  } finally {
    await database.close();
    release();
  }
}

interface BulkRun {
  label: string;
  seconds: number;
  job: BulkJob;
  /** Leads gone through as the page's polling saw them: [seconds since the POST, processed]. */
  progress: [number, number][];
}

/** Starts a bulk change and follows it as the page does (every 100 ms here) until it ends. */
async function bulk(base: string, cookie: string, label: string, request: BulkRequest): Promise<BulkRun> {
  const t0 = performance.now();
  const started = await fetch(`${base}/api/crm/bulk`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(request) });
  if (started.status !== 202) throw new Error(`bulk answered ${started.status}: ${await started.text()}`);
  let job = (await started.json()) as BulkJob;
  const progress: [number, number][] = [];
  while (job.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await (await fetch(`${base}/api/crm/bulk/${job.id}`, { headers: { cookie } })).json()) as BulkJob;
    progress.push([round((performance.now() - t0) / 1000, 2), job.processed]);
  }
  if (job.status !== "done") throw new Error(`bulk ${label} ended ${job.status}: ${job.error}`);
  return { label, seconds: round((performance.now() - t0) / 1000, 2), job, progress };
}

async function main() {
  requireBuild();
  console.log(`CRM board and bulk benchmark — node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage().join(" ")}, ${ROWS.toLocaleString("en-IN")} leads on PostgreSQL\n`);
  const prepared = await prepare();
  if (prepared.generateS !== null) log(`generated in ${round(prepared.generateS, 1)} s`);

  const { child, base } = await startServer("server (postgres)", prepared.target);
  try {
    const cookie = await staffLogin(base, CRM_BENCH_STAFF);
    const board = (query: string) => `${base}/api/crm/board?${query}`;
    const first = (await (await fetch(board("view=active"), { headers: { cookie } })).json()) as Board;
    const connected = first.columns.find((c) => c.stage === "Connected")!;
    const cases: [string, string][] = [
      ["board, Active Leads", board("view=active")],
      ["board, Paid Users", board("view=paid")],
      ["board, one owner", board(`view=active&owner=${prepared.owner}`)],
      ["board, two statuses", board("view=active&status=Pitched&status=Call%20Back")],
      ["board, follow-ups due", board("view=active&followUp=due")],
      ["board, unassigned", board("view=active&owner=unassigned")],
      ['board, search "sharma" (counts pending)', board("view=active&q=sharma")],
      ['board, search "quinta" (counted)', board("view=active&q=quinta")],
      ["column Load more (Connected)", `${base}/api/crm/leads?view=active&stage=Connected&limit=20&cursor=${connected.nextCursor}`],
      // Not a first answer: the page asks for it once the cards of a search with pending counts are shown.
      [`${AFTER_CARDS} "sharma"`, `${base}/api/crm/board/counts?view=active&q=sharma`],
    ];
    const results: { label: string; figures: LoadFigures }[] = [];
    for (const [label, url] of cases) {
      log(`${label}…`);
      results.push({ label, figures: await oneConnectionLatency(url, cookie, LATENCY_REQUESTS) });
    }
    log("board throughput with wrk, 10 connections…");
    const script = `wrk.headers["Cookie"] = "${cookie}"`;
    await wrk({ url: board("view=active"), durationS: 1, connections: 10, script });
    const throughput = await wrk({ url: board("view=active"), durationS: 6, connections: 10, script });

    const filter = (owner: string) => ({ filter: { view: "active" as const, owner, stage: [], status: [] } });
    log(`bulk: stage and status of ${BULK_LEADS.toLocaleString("en-IN")} leads…`);
    const pipeline = await bulk(base, cookie, "set stage + status", { selection: filter(prepared.bulkOwner), action: { kind: "pipeline", leadStage: "Not Connected", leadStatus: "DNR 2" } });
    log(`bulk: owner of ${BULK_LEADS.toLocaleString("en-IN")} leads…`);
    const owner = await bulk(base, cookie, "assign owner", { selection: filter(prepared.bulkOwner), action: { kind: "owner", leadOwner: prepared.otherOwner } });
    const after = (await (await fetch(board(`view=active&owner=${prepared.otherOwner}&stage=Not%20Connected`), { headers: { cookie } })).json()) as Board;

    const load = loadAverage();
    console.log(`\nBoard, first data answer, one connection, ${LATENCY_REQUESTS} requests each (target p95 ≤ ${BOARD_P95_TARGET_MS} ms); load average ${load.join(" ")}`);
    console.log(
      table(
        ["case", "p50", "p95", "p99", "target met"],
        results.map((r) => [
          r.label,
          lat(r.figures.p50Ms),
          lat(r.figures.p95Ms),
          lat(r.figures.p99Ms),
          r.label.startsWith(AFTER_CARDS) ? "(after cards)" : r.figures.p95Ms <= BOARD_P95_TARGET_MS ? "yes" : "NO",
        ]),
      ),
    );
    console.log(`\nBoard throughput (wrk, 10 connections, 6 s): ${throughput.reqPerSec} req/s, p95 ${lat(throughput.p95Ms)}, non-2xx ${throughput.non2xx}`);
    console.log(`\nBulk changes of all leads matching a filter (target ≤ ${BULK_TARGET_S} s for 100,000)`);
    console.log(
      table(
        ["change", "leads", "changed", "skipped", "seconds", "progress updates", "target met"],
        [pipeline, owner].map((r) => [r.label, r.job.total ?? 0, r.job.changed, r.job.skipped, r.seconds, r.progress.length, r.seconds <= BULK_TARGET_S ? "yes" : "NO"]),
      ),
    );
    for (const r of [pipeline, owner]) console.log(`  ${r.label} progress: ${r.progress.filter((_, i, all) => i % Math.max(1, Math.ceil(all.length / 8)) === 0 || i === all.length - 1).map(([s, n]) => `${s}s ${n.toLocaleString("en-IN")}`).join(" → ")}`);
    const column = after.columns.find((c) => c.stage === "Not Connected");
    console.log(`  board after both: the new owner's Not Connected column holds ${column?.total.toLocaleString("en-IN")} leads`);
    printFigures({
      bench: "crm-board",
      cpus: os.cpus().length,
      loadAverage: load,
      leads: ROWS,
      board: Object.fromEntries(results.map((r) => [r.label, { p50Ms: r.figures.p50Ms, p95Ms: r.figures.p95Ms, p99Ms: r.figures.p99Ms }])),
      boardP95TargetMs: BOARD_P95_TARGET_MS,
      boardThroughput: { reqPerSec: throughput.reqPerSec, p95Ms: throughput.p95Ms },
      bulk: [pipeline, owner].map((r) => ({ change: r.label, leads: r.job.total, changed: r.job.changed, skipped: r.job.skipped, seconds: r.seconds })),
      bulkTargetS: BULK_TARGET_S,
    });
  } finally {
    await stop(child);
  }
}

runBench(main);
