// Simulation reports benchmark of the built server (`node dist/server/main.js`), on PGlite and on PostgreSQL:
//   npm run build && npm run bench:reports
// 1. Intake: wrk (Debian package; the bench says so when it is missing) on POST /api/simulation/reports
//    (the chatbot's webhook) with the fixture-sized report, a Lua script varying each body: a new resultId,
//    one of 5,000 candidates (so repeat attempts replace best attempts), one of three simulation types,
//    a random total and dimension averages. Each request stores a report, creates or updates a lead,
//    queues an e-mail and moves the score histogram, in one transaction; afterwards the histogram is
//    checked against one recomputed from every stored report. Reports/s and p95 against the targets
//    (≥ 500/s on PostgreSQL with 2 workers, ≥ 300/s on PGlite, p95 ≤ 50 ms) and as ratios to a bare
//    Fastify hello-world measured with wrk in the same run.
// 2. Bulk send: 10,000 reports whose candidates were not yet told (inserted in SQL), then POST
//    /api/simulation/send-bulk-notifications as admissions staff, and the time until a local SMTP peer
//    (smtp-server in this process) has received all 10,000 "report ready" e-mails.
// 3. Percentile lookup at 1,000,000 reports (PostgreSQL): reports generated in set-based SQL, best attempts
//    and histogram built from them, then p50/p95 of `standingOf` over random reports, and a sample of
//    ranks checked against a brute-force count over the reports (timed too, for contrast).
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a PostgreSQL server where the
// database ff_bench_reports is created and dropped; that half is skipped when it cannot be reached.
// BENCH_MAILS changes the 10,000; BENCH_STANDING_REPORTS the 1,000,000; BENCH_SKIP_PGLITE=1 skips PGlite;
// BENCH_ONLY_STANDING=1 runs the percentile lookup alone.
import os from "node:os";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "~/server/config";
import { rowsOf } from "~/server/db/client";
import { openConfiguredDatabase } from "~/server/db/open";
import { reportInput } from "~/server/features/reports/demo";
import { rebuildStanding, standingOf } from "~/server/features/reports/standing";
import { createStaff } from "~/server/features/staff/service";
import { percentile, type LoadFigures } from "./lib/load";
import { runBench, sleep, stop } from "./lib/processes";
import { log, printFigures, round, table, times } from "./lib/report";
import { pgliteTarget, postgresTarget, requireBuild, startHello, startServer, targetConfigEnv, type DataTarget, staffLogin } from "./lib/servers";
import { luaString, requireWrk, wrk } from "./lib/wrk";

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const STANDING_REPORTS = Number(process.env.BENCH_STANDING_REPORTS ?? 1_000_000);
const DURATION_S = 10;
const CONNECTIONS = 16;
const PEOPLE = 5_000;
const SIMULATIONS = ["Founder's Office Diagnostic", "Growth Strategy Sprint", "Category Manager Challenge"];
const TARGETS = { postgres: 500, pglite: 300, p95Ms: 50 };
const BENCH_DB = "ff_bench_reports";
const STANDING_DB = "ff_bench_reports_standing";
const TOKEN = "bench-webhook-token-0123456789-abcdefghijkl";
const STAFF = { email: "bench.reports@example.com", name: "Bench Reports", password: "bench-reports-password", roles: ["admissions" as const] };

/** A local SMTP peer that counts what it receives. */
async function startPeer(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        count++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received: () => count, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Migrates, adds the staff account and MAILS untold reports straight in SQL (their standing built after). */
async function prepare(target: DataTarget): Promise<void> {
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  try {
    await createStaff(database.db, STAFF);
    const sample = reportInput();
    await database.db.execute(sql`
      insert into simulation_report (result_id, slug, email, full_name, simulation_type, total_score, overall_summary,
        dimension_scores, skill_feedback, candidate_responses, completed_at)
      select 'bench-' || g, 'bench-slug-' || g, 'bulk' || g || '@example.com', 'Bulk Candidate ' || g, 'Founder''s Office Diagnostic',
        40 + g % 60, ${sample.overallSummary}, ${JSON.stringify(sample.dimensionScores)}::jsonb, ${JSON.stringify(sample.skillFeedback)}::jsonb,
        ${JSON.stringify(sample.candidateResponses)}::jsonb, now() - make_interval(secs => g)
      from generate_series(1, ${MAILS}) g`);
    await rebuildStanding(database.db);
  } finally {
    await database.close();
    release();
  }
}

/**
 * The wrk script: the fixture-sized report as a template, each request with its own resultId, one of
 * PEOPLE candidates, one of SIMULATIONS, a random total and one-decimal dimension averages.
 */
function intakeScript(): string {
  const sample = reportInput({ resultId: "__RID__", email: "__EMAIL__@example.com", simulationType: "__SIM__", simulationSlug: undefined });
  const template = JSON.stringify({
    ...sample,
    totalScore: "__TOTAL__",
    dimensionScores: Object.fromEntries(Object.entries(sample.dimensionScores).map(([name, d]) => [name, { ...d, average: "__AVG__" }])),
  });
  return `
local template = ${luaString(template)}
local sims = { ${SIMULATIONS.map((name) => luaString(name)).join(", ")} }
local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer ${TOKEN}" }
local run = tostring(os.time())
local threads = 0
setup = function(thread)
  thread:set("tid", threads)
  threads = threads + 1
end
local counter = 0
init = function(args)
  math.randomseed(os.time() * 1000 + (tid or 0) * 7919)
end
request = function()
  counter = counter + 1
  local body = template:gsub("__RID__", "wrk-" .. run .. "-" .. tid .. "-" .. counter, 1)
  body = body:gsub("__EMAIL__", "candidate" .. math.random(1, ${PEOPLE}), 1)
  body = body:gsub("__SIM__", sims[math.random(1, #sims)], 1)
  body = body:gsub('"__TOTAL__"', tostring(math.random(10, 100)), 1)
  body = body:gsub('"__AVG__"', function() return string.format("%.1f", math.random(0, 100) / 10) end)
  return wrk.format("POST", "/api/simulation/reports", headers, body)
end
`;
}

function intake(base: string): Promise<LoadFigures> {
  return wrk({ url: `${base}/api/simulation/reports`, durationS: DURATION_S, connections: CONNECTIONS, script: intakeScript() });
}

/** The maintained histogram against one recomputed from every stored report: rows that differ (0 = exact). */
async function histogramDrift(target: DataTarget): Promise<number> {
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  try {
    const answer = await database.db.execute(sql`
      with best as (
        select distinct on (simulation_type, email) simulation_type, round(total_score::numeric * 100)::int as total_bucket, dimension_scores
        from simulation_report order by simulation_type, email, total_score desc, completed_at, id
      ), expected as (
        select simulation_type, dimension, bucket, count(*)::int as candidates from (
          select simulation_type, '' as dimension, total_bucket as bucket from best
          union all select simulation_type, d.key, round((d.value->>'average')::numeric * 100)::int from best, jsonb_each(best.dimension_scores) d
        ) c group by 1, 2, 3
      ), actual as (select simulation_type, dimension, bucket, candidates from report_score_histogram where candidates <> 0)
      select count(*)::int as drift from ((select * from expected except select * from actual) union all (select * from actual except select * from expected)) d`);
    return Number(rowsOf<{ drift: number }>(answer)[0]!.drift);
  } finally {
    await database.close();
    release();
  }
}

interface EngineFigures {
  engine: string;
  workers: number;
  intake: LoadFigures;
  drift: number;
  bulkQueueS: number;
  bulkDeliveredS: number;
  delivered: number;
}

async function measure(name: "pglite" | "postgres", target: DataTarget): Promise<EngineFigures> {
  await prepare(target);
  const peer = await startPeer();
  const workers = name === "postgres" ? 2 : 1;
  const { child, base } = await startServer(name, target, { REPORT_WEBHOOK_TOKEN: TOKEN, SMTP_URL: peer.url, SEED_DEMO: "false", WEB_CONCURRENCY: String(workers) });
  let figures: Omit<EngineFigures, "drift">;
  try {
    const cookie = await staffLogin(base, STAFF);
    // Bulk send first, on the 10,000 untold reports alone.
    const t0 = performance.now();
    const response = await fetch(`${base}/api/simulation/send-bulk-notifications`, { method: "POST", headers: { cookie, origin: base } });
    const result = (await response.json()) as { successCount: number; errorCount: number };
    if (result.successCount !== MAILS) throw new Error(`bulk send queued ${JSON.stringify(result)}, expected ${MAILS}`);
    const bulkQueueS = (performance.now() - t0) / 1000;
    const deadline = performance.now() + 600_000;
    while (peer.received() < MAILS && performance.now() < deadline) await sleep(50);
    const bulkDeliveredS = (performance.now() - t0) / 1000;
    const delivered = peer.received();
    log(`${name}: queued ${MAILS} in ${round(bulkQueueS, 2)} s, ${delivered} delivered after ${round(bulkDeliveredS, 1)} s`);
    // A short unmeasured run first (JIT, pools, prepared statements), then the measured one.
    await wrk({ url: `${base}/api/simulation/reports`, durationS: 2, connections: CONNECTIONS, script: intakeScript() });
    const load = await intake(base);
    log(`${name}: intake ${load.reqPerSec} reports/s, p95 ${load.p95Ms} ms (${load.ok2xx} stored, ${load.non2xx} non-2xx, ${load.errors} errors)`);
    if (load.non2xx > 0 || load.errors > 0) throw new Error(`${name}: ${load.non2xx} non-2xx answers and ${load.errors} errors during intake`);
    figures = { engine: name, workers, intake: load, bulkQueueS: round(bulkQueueS, 2), bulkDeliveredS: round(bulkDeliveredS, 1), delivered };
  } finally {
    await stop(child);
    await peer.close();
  }
  const drift = await histogramDrift(target);
  log(`${name}: histogram against a recount of every report: ${drift === 0 ? "exact" : `${drift} buckets differ`}`);
  return { ...figures, drift };
}

interface StandingFigures {
  reports: number;
  generateS: number;
  buildS: number;
  lookupP50Ms: number;
  lookupP95Ms: number;
  bruteForceP95Ms: number;
  checked: number;
  mismatches: number;
}

/** Percentile and rank at STANDING_REPORTS reports on PostgreSQL (see the header). */
async function standingAtScale(target: DataTarget): Promise<StandingFigures> {
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  const db = database.db;
  try {
    const t0 = performance.now();
    // Set-based generation and build run past the pool's 30 s statement limit on a busy machine.
    await db.transaction(async (txDb) => {
      const tx = txDb as unknown as typeof db;
      await tx.execute(sql`set local statement_timeout = 0`);
      // 1,000,000 reports of 400,000 people at five simulation types: totals 0–100, one-decimal averages.
      await tx.execute(sql`
      insert into simulation_report (result_id, slug, email, full_name, simulation_type, total_score, dimension_scores, dimension_order,
        skill_feedback, candidate_responses, completed_at)
      select 'scale-' || g, 'scale-slug-' || g, 'p' || (g % 400000) || '@example.com', 'Person ' || g, 'Simulation ' || (g % 5),
        (g * 7919::bigint) % 101,
        jsonb_build_object('Business Strategy & Thinking', jsonb_build_object('average', ((g * 31) % 101) / 10.0, 'skills', '{}'::jsonb),
          'Execution & Operational Excellence', jsonb_build_object('average', ((g * 37) % 101) / 10.0, 'skills', '{}'::jsonb),
          'Communication & Stakeholder Management', jsonb_build_object('average', ((g * 41) % 101) / 10.0, 'skills', '{}'::jsonb),
          'Growth & Marketing Acumen', jsonb_build_object('average', ((g * 43) % 101) / 10.0, 'skills', '{}'::jsonb)),
        '[]'::jsonb, '{}'::jsonb, '{}'::jsonb, now() - make_interval(secs => g)
      from generate_series(1::bigint, ${STANDING_REPORTS}::bigint) g`);
    });
    await db.execute(sql`analyze simulation_report`);
    const generateS = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    await db.transaction(async (txDb) => {
      const tx = txDb as unknown as typeof db;
      await tx.execute(sql`set local statement_timeout = 0`);
      await rebuildStanding(tx);
    });
    const buildS = (performance.now() - t1) / 1000;
    log(`standing: ${STANDING_REPORTS.toLocaleString("en")} reports generated in ${round(generateS, 1)} s, best attempts and histogram built in ${round(buildS, 1)} s`);

    const sample = rowsOf<{ id: string; email: string; simulation_type: string }>(
      await db.execute(sql`select id, email, simulation_type from simulation_report tablesample system (1) limit 500`),
    );
    const names = ["Business Strategy & Thinking", "Execution & Operational Excellence", "Communication & Stakeholder Management", "Growth & Marketing Acumen"];
    const lookups: number[] = [];
    for (const row of sample) {
      const t = performance.now();
      await standingOf(db, { id: row.id, email: row.email, simulationType: row.simulation_type }, names);
      lookups.push(performance.now() - t);
    }
    // Exactness: the first 20 against a count over every best attempt straight from the reports.
    let mismatches = 0;
    const brute: number[] = [];
    for (const row of sample.slice(0, 20)) {
      const standing = (await standingOf(db, { id: row.id, email: row.email, simulationType: row.simulation_type }, names))!;
      const t = performance.now();
      const [counted] = rowsOf<{ higher: number; total: number }>(
        await db.execute(sql`
          with best as (
            select distinct on (email) email, total_score from simulation_report where simulation_type = ${row.simulation_type}
            order by email, total_score desc, completed_at, id
          ), mine as (select total_score from simulation_report where id = ${row.id})
          select count(*) filter (where b.total_score > mine.total_score and b.email <> ${row.email})::int as higher,
            count(*)::int as total from best b, mine`),
      );
      brute.push(performance.now() - t);
      if (standing.overall.rank !== Number(counted!.higher) + 1 || standing.overall.candidates !== Number(counted!.total)) mismatches++;
    }
    return {
      reports: STANDING_REPORTS,
      generateS: round(generateS, 1),
      buildS: round(buildS, 1),
      lookupP50Ms: round(percentile(lookups, 0.5), 2),
      lookupP95Ms: round(percentile(lookups, 0.95), 2),
      bruteForceP95Ms: round(percentile(brute, 0.95), 1),
      checked: Math.min(20, sample.length),
      mismatches,
    };
  } finally {
    await database.close();
    release();
  }
}

const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

async function main() {
  requireBuild();
  requireWrk();
  console.log(
    `Reports benchmark — node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg().map((v) => v.toFixed(2)).join(" ")}, wrk 2 threads × ${CONNECTIONS} connections × ${DURATION_S} s, bulk send of ${MAILS.toLocaleString("en")}, percentile at ${STANDING_REPORTS.toLocaleString("en")} reports\n`,
  );
  const hello = await startHello();
  const helloLoad = await wrk({ url: `${hello.base}/`, durationS: DURATION_S, connections: CONNECTIONS });
  await stop(hello.child);
  log(`hello-world: ${helloLoad.reqPerSec} req/s`);

  const results: EngineFigures[] = [];
  const intakeToo = process.env.BENCH_ONLY_STANDING !== "1";
  if (intakeToo && process.env.BENCH_SKIP_PGLITE !== "1") results.push(await measure("pglite", pgliteTarget()));
  const pgTarget = intakeToo ? await postgresTarget(BENCH_DB) : null;
  if (pgTarget) results.push(await measure("postgres", pgTarget));
  const standingTarget = STANDING_REPORTS > 0 ? await postgresTarget(STANDING_DB) : null;
  const standing = standingTarget ? await standingAtScale(standingTarget) : null;

  console.log(
    `\n${table(
      ["engine", "workers", "intake reports/s", "target", "vs hello-world", "p95", "p95 ≤ 50 ms", "histogram", `queue ${MAILS}`, `deliver ${MAILS}`],
      [
        ["hello-world", 1, helloLoad.reqPerSec, "", "1×", `${helloLoad.p95Ms} ms`, "", "", "", ""],
        ...results.map((r) => [
          r.engine,
          r.workers,
          r.intake.reqPerSec,
          `≥ ${TARGETS[r.engine as "pglite" | "postgres"]}: ${verdict(r.intake.reqPerSec >= TARGETS[r.engine as "pglite" | "postgres"])}`,
          times(r.intake.reqPerSec / helloLoad.reqPerSec),
          `${r.intake.p95Ms} ms`,
          verdict(r.intake.p95Ms <= TARGETS.p95Ms),
          r.drift === 0 ? "exact" : `${r.drift} off`,
          `${r.bulkQueueS} s`,
          `${r.bulkDeliveredS} s`,
        ]),
      ],
    )}\n`,
  );
  if (standing) {
    console.log(
      `${table(
        ["percentile lookup", "reports", "p50", "p95", "brute-force count p95", "ranks checked", "mismatches"],
        [["PostgreSQL", standing.reports.toLocaleString("en"), `${standing.lookupP50Ms} ms`, `${standing.lookupP95Ms} ms`, `${standing.bruteForceP95Ms} ms`, standing.checked, standing.mismatches]],
      )}\n`,
    );
  }
  printFigures({
    helloReqPerSec: helloLoad.reqPerSec,
    ...Object.fromEntries(
      results.flatMap((r) => [
        [`${r.engine}IntakeReportsPerSec`, r.intake.reqPerSec],
        [`${r.engine}IntakeRatio`, round(r.intake.reqPerSec / helloLoad.reqPerSec, 4)],
        [`${r.engine}IntakeP95Ms`, r.intake.p95Ms],
        [`${r.engine}IntakeTargetMet`, r.intake.reqPerSec >= TARGETS[r.engine as "pglite" | "postgres"] && r.intake.p95Ms <= TARGETS.p95Ms],
        [`${r.engine}HistogramExact`, r.drift === 0],
        [`${r.engine}BulkQueueS`, r.bulkQueueS],
        [`${r.engine}BulkDeliveredS`, r.bulkDeliveredS],
        [`${r.engine}BulkDelivered`, r.delivered],
      ]),
    ),
    ...(standing
      ? {
          standingReports: standing.reports,
          standingLookupP50Ms: standing.lookupP50Ms,
          standingLookupP95Ms: standing.lookupP95Ms,
          standingBruteForceP95Ms: standing.bruteForceP95Ms,
          standingMismatches: standing.mismatches,
        }
      : {}),
  });
}

runBench(main);
