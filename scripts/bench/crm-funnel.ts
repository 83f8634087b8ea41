// The funnel analytics at a million leads (issue 23 §4: p95 ≤ 200 ms on PostgreSQL):
//   npm run build && flock /tmp/bench.lock npm run bench:crm-funnel
// A fresh PostgreSQL database with BENCH_LEADS leads (many-leads.ts), a year of BENCH_EVENTS
// first-party events, BENCH_REPORTS simulation reports and sales work on BENCH_WORKED leads
// (funnel-data.ts), the built server, then GET /api/crm/funnel one request at a time (the figures
// are one person's wait, not a throughput): p50, p95 and max for 12 and 52 weeks. The last line is the JSON of the figures.
import os from "node:os";
import { BENCH_SALES, seedManyLeads } from "./lib/many-leads";
import { seedFunnelData } from "./lib/funnel-data";
import { percentile } from "./lib/load";
import { runBench, stop } from "./lib/processes";
import { loadAverage, log, ms, printFigures, round, table } from "./lib/report";
import { postgresTarget, requireBuild, staffLogin, startServer } from "./lib/servers";

const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000_000);
const WORKED = Number(process.env.BENCH_WORKED ?? 100_000);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 150_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TARGET_P95_MS = 200;

async function timeRequests(url: string, cookie: string) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 10; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (i >= 10) times.push(performance.now() - start);
  }
  return { p50: round(percentile(times, 0.5), 1), p95: round(percentile(times, 0.95), 1), max: round(Math.max(...times), 1) };
}

async function main() {
  requireBuild();
  const target = await postgresTarget(process.env.BENCH_DB_NAME ?? "ff_bench_funnel");
  if (!target) throw new Error("PostgreSQL is needed for this benchmark (BENCH_DATABASE_URL)");
  log(`seeding ${LEADS.toLocaleString("en-IN")} leads, ${EVENTS.toLocaleString("en-IN")} events, ${REPORTS.toLocaleString("en-IN")} reports, sales work on ${WORKED.toLocaleString("en-IN")} leads`);
  const seedStart = performance.now();
  await seedManyLeads(target, LEADS);
  await seedFunnelData(target, EVENTS, WORKED, REPORTS);
  log(`seeded in ${round((performance.now() - seedStart) / 1000, 1)} s`);
  const server = await startServer("server (postgres)", target, { SEED_DEMO: "false" });
  const results: Record<string, { p50: number; p95: number; max: number }> = {};
  try {
    const cookie = await staffLogin(server.base, BENCH_SALES);
    for (const weeks of [12, 52]) {
      results[`${weeks} weeks`] = await timeRequests(`${server.base}/api/crm/funnel?weeks=${weeks}`, cookie);
      log(`${weeks} weeks: p95 ${results[`${weeks} weeks`]!.p95} ms`);
    }
  } finally {
    await stop(server.child);
  }
  const load = loadAverage();
  console.log(`\nGET /api/crm/funnel, ${REQUESTS} requests one at a time, load average ${load.join(" ")} on ${os.cpus().length} cores`);
  console.log(
    table(
      ["period", "p50", "p95", "max", `target p95 ≤ ${TARGET_P95_MS} ms`],
      Object.entries(results).map(([period, r]) => [period, ms(r.p50), ms(r.p95), ms(r.max), r.p95 <= TARGET_P95_MS ? "met" : "missed"]),
    ),
  );
  printFigures({ bench: "crm-funnel", engine: "postgres", cpus: os.cpus().length, loadAverage: load, leads: LEADS, events: EVENTS, reports: REPORTS, worked: WORKED, requests: REQUESTS, targetP95Ms: TARGET_P95_MS, results });
}

runBench(main);
