// Simulation reports benchmark of the built server (`node dist/server/main.js`), on PGlite and on PostgreSQL:
//   npm run build && npm run bench:reports
// 1. Intake: autocannon on POST /api/simulation/reports (the chatbot's webhook) with the fixture-sized
//    report and a new resultId and address per request, so each one stores a report, creates a lead and
//    queues an e-mail, in one transaction. Reports/s as a ratio to a bare Fastify hello-world in the same run.
// 2. Bulk send: 10,000 reports whose candidates were not yet told (inserted in SQL), then POST
//    /api/simulation/send-bulk-notifications as admissions staff, and the time until a local SMTP peer
//    (smtp-server in this process) has received all 10,000 "report ready" e-mails.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a PostgreSQL server where the
// database ff_bench_reports is created and dropped; that half is skipped when it cannot be reached.
// BENCH_MAILS changes the 10,000; BENCH_SKIP_PGLITE=1 skips PGlite.
import os from "node:os";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { reportInput } from "~/server/features/reports/demo";
import { createStaff } from "~/server/features/staff/service";
import { cannon, type LoadFigures } from "./lib/load";
import { runBench, sleep, stop } from "./lib/processes";
import { log, printFigures, round, table, times } from "./lib/report";
import { pgliteTarget, postgresTarget, requireBuild, startHello, startServer, targetConfigEnv, type DataTarget, staffLogin } from "./lib/servers";

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const DURATION_S = 6;
const BENCH_DB = "ff_bench_reports";
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

/** Migrates, adds the staff account and MAILS untold reports straight in SQL. */
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
  } finally {
    await database.close();
    release();
  }
}

function intake(base: string): Promise<LoadFigures> {
  const body = reportInput();
  let n = 0;
  return cannon({
    url: `${base}/api/simulation/reports`,
    duration: DURATION_S,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
        setupRequest: (req: Record<string, unknown>) => {
          n++;
          return { ...req, body: JSON.stringify({ ...body, resultId: `bench-intake-${process.pid}-${n}`, email: `intake${n}@example.com` }) };
        },
      },
    ],
  } as unknown as Parameters<typeof cannon>[0]);
}

interface EngineFigures {
  engine: string;
  intake: LoadFigures;
  bulkQueueS: number;
  bulkDeliveredS: number;
  delivered: number;
}

async function measure(name: string, target: DataTarget): Promise<EngineFigures> {
  await prepare(target);
  const peer = await startPeer();
  const { child, base } = await startServer(name, target, { REPORT_WEBHOOK_TOKEN: TOKEN, SMTP_URL: peer.url, SEED_DEMO: "false" });
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
    const load = await intake(base);
    log(`${name}: intake ${load.reqPerSec} reports/s (${load.ok2xx} stored, ${load.non2xx} non-2xx)`);
    if (load.non2xx > 0 || load.errors > 0) throw new Error(`${name}: ${load.non2xx} non-2xx answers and ${load.errors} errors during intake`);
    return { engine: name, intake: load, bulkQueueS: round(bulkQueueS, 2), bulkDeliveredS: round(bulkDeliveredS, 1), delivered };
  } finally {
    await stop(child);
    await peer.close();
  }
}

async function main() {
  requireBuild();
  console.log(`Reports benchmark — node ${process.version}, ${os.cpus().length} CPUs, autocannon 10 connections × ${DURATION_S} s, bulk send of ${MAILS.toLocaleString("en")}\n`);
  const hello = await startHello();
  const helloLoad = await cannon({ url: `${hello.base}/`, duration: DURATION_S });
  await stop(hello.child);
  log(`hello-world: ${helloLoad.reqPerSec} req/s`);

  const results: EngineFigures[] = [];
  if (process.env.BENCH_SKIP_PGLITE !== "1") results.push(await measure("pglite", pgliteTarget()));
  const pgTarget = await postgresTarget(BENCH_DB);
  if (pgTarget) results.push(await measure("postgres", pgTarget));

  console.log(
    `\n${table(
      ["engine", "intake reports/s", "vs hello-world", "p95", `queue ${MAILS}`, `deliver ${MAILS}`, "mails/s"],
      [
        ["hello-world", helloLoad.reqPerSec, "1×", `${helloLoad.p95Ms} ms`, "", "", ""],
        ...results.map((r) => [
          r.engine,
          r.intake.reqPerSec,
          times(r.intake.reqPerSec / helloLoad.reqPerSec),
          `${r.intake.p95Ms} ms`,
          `${r.bulkQueueS} s`,
          `${r.bulkDeliveredS} s`,
          round(r.delivered / r.bulkDeliveredS),
        ]),
      ],
    )}\n`,
  );
  printFigures({
    helloReqPerSec: helloLoad.reqPerSec,
    ...Object.fromEntries(
      results.flatMap((r) => [
        [`${r.engine}IntakeReportsPerSec`, r.intake.reqPerSec],
        [`${r.engine}IntakeRatio`, round(r.intake.reqPerSec / helloLoad.reqPerSec, 4)],
        [`${r.engine}IntakeP95Ms`, r.intake.p95Ms],
        [`${r.engine}BulkQueueS`, r.bulkQueueS],
        [`${r.engine}BulkDeliveredS`, r.bulkDeliveredS],
        [`${r.engine}BulkDelivered`, r.delivered],
      ]),
    ),
  });
}

runBench(main);
