// Applications benchmark of the built server (`node dist/server/main.js`), on PGlite and on PostgreSQL:
//   npm run build && npm run bench:applications
// 1. CSV export: 100,000 generated applications, GET /api/applications.csv streamed by an admissions
//    user; time, size, and the server's RSS (sampled every 20 ms) against its idle RSS, and against a raw
//    `select` of the same rows through the same driver in this process (the floor for reading them).
// 2. autocannon on POST /api/applications (multipart, new e-mail and client address per request) with a
//    200 KB PDF résumé and without one, as ratios to a bare Fastify hello-world measured in the same run.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a PostgreSQL server where the
// database ff_bench_applications is created and dropped; that half is skipped when it cannot be reached.
// BENCH_ROWS changes the count; BENCH_SERVER_NODE_OPTIONS (e.g. --max-old-space-size=64) is given to the
// server, to show the export completes in a heap far smaller than the file; BENCH_SKIP_PGLITE=1 skips PGlite.
import http from "node:http";
import os from "node:os";
import { sql } from "drizzle-orm";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { createStaff } from "~/server/features/staff/service";
import { applicationFields, applicationInput, multipartBody, pdfBytes } from "../../tests/fixtures/applications";
import { cannon, type LoadFigures } from "./lib/load";
import { rssMb, sampleRss } from "./lib/memory";
import { runBench, stop } from "./lib/processes";
import { log, printFigures, round } from "./lib/report";
import { pgliteTarget, postgresTarget, requireBuild, startHello, startServer, targetConfigEnv, type DataTarget, staffLogin } from "./lib/servers";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION_S = 6;
const BENCH_DB = "ff_bench_applications";
const STAFF = { email: "bench.admissions@example.com", name: "Bench Admissions", password: "bench-admissions-password", roles: ["admissions" as const] };
const RESUME = pdfBytes(200 * 1024);

/** Migrates, adds the staff account and ROWS applications straight in SQL, then reads them all back once. */
async function prepare(target: DataTarget): Promise<{ insertS: number; rawReadS: number }> {
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  try {
    await createStaff(database.db, STAFF);
    let t0 = performance.now();
    await database.db.execute(sql`
      insert into application (first_name, last_name, email, country_code, mobile, linked_in, "current_role", experience,
        motivation, target_roles, skill_assessment, status, submitted_at)
      select 'Bench', 'Applicant ' || g, 'bench' || g || '@example.com', '+91', (9000000000 + g)::text,
        'https://www.linkedin.com/in/bench-' || g,
        (array['student','recent_graduate','working_professional','consultant','freelancer','between_jobs','other'])[1 + g % 7],
        (array['0','0-1','1-2','2-3','3-4','4+'])[1 + g % 6],
        repeat('I want to learn to run a business from the founder''s office. ', 4),
        array['founders_office','strategy_gtm','vc_platform'],
        jsonb_build_object('strategy', 1 + g % 5, 'execution', 1 + (g + 1) % 5, 'communication', 1 + (g + 2) % 5,
          'leadership', 1 + (g + 3) % 5, 'growth', 1 + (g + 4) % 5, 'tech', 1 + g % 3),
        (array['pending','shortlisted','selected','pending_payment','paid','rejected','closed_lost'])[1 + g % 7],
        now() - make_interval(secs => g)
      from generate_series(1, ${ROWS}) g`);
    // What autovacuum would do soon after such a load; the planner then picks the keyset index.
    await database.db.execute(sql`analyze application`);
    const insertS = (performance.now() - t0) / 1000;
    t0 = performance.now();
    const rows = await database.db.execute(sql`select * from application order by submitted_at desc, id desc`);
    const rawReadS = (performance.now() - t0) / 1000;
    const count = (rows as unknown as { rows: unknown[] }).rows.length;
    if (count !== ROWS) throw new Error(`expected ${ROWS} rows, read ${count}`);
    return { insertS, rawReadS };
  } finally {
    await database.close();
    release();
  }
}

/** Streams the export, counting bytes and lines, while sampling the server's RSS. */
function exportCsv(base: string, cookie: string, pid: number) {
  return new Promise<{ seconds: number; firstByteMs: number; mb: number; lines: number; peakRssMb: number }>((resolve, reject) => {
    const sampler = sampleRss(pid);
    const t0 = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    http
      .get(`${base}/api/applications.csv`, { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
        res.on("data", (chunk: Buffer) => {
          if (!firstByteMs) firstByteMs = performance.now() - t0;
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 10) lines++;
        });
        res.on("end", () => {
          const { peakMb } = sampler.stop();
          resolve({ seconds: (performance.now() - t0) / 1000, firstByteMs, mb: bytes / 1024 / 1024, lines, peakRssMb: peakMb ?? 0 });
        });
      })
      .on("error", reject);
  });
}

let sequence = 0;
/** POST /api/applications, each request a new applicant from a new client address, with or without a 200 KB résumé. */
function loadApplications(base: string, withResume: boolean): Promise<LoadFigures> {
  return cannon({
    url: `${base}/api/applications`,
    duration: DURATION_S,
    method: "POST",
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const n = ++sequence;
          const body = multipartBody(applicationFields(applicationInput({ email: `load-${n}-${Date.now()}@example.com` })), withResume ? { fileName: "cv.pdf", contentType: "application/pdf", data: RESUME } : undefined);
          return { ...req, body: body.payload, headers: { ...body.headers, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } };
        },
      },
    ],
  } as unknown as Parameters<typeof cannon>[0]);
}

async function benchEngine(target: DataTarget, helloReqPerSec: number) {
  log(`${target.engine}: generating ${ROWS.toLocaleString("en")} applications…`);
  const prepared = await prepare(target);
  const { child, base } = await startServer(`server (${target.engine})`, target, { TRUST_PROXY: "loopback", NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? "" });
  try {
    const cookie = await staffLogin(base, STAFF);
    const idleRssMb = rssMb(child.pid) ?? 0;
    log(`${target.engine}: exporting…`);
    const csv = await exportCsv(base, cookie, child.pid);
    if (csv.lines !== ROWS + 1) throw new Error(`the export has ${csv.lines} lines, expected ${ROWS + 1}`);
    log(`${target.engine}: POST /api/applications without and with a 200 KB résumé…`);
    const plain = await loadApplications(base, false);
    const withPdf = await loadApplications(base, true);
    return { engine: target.engine, ...prepared, idleRssMb, csv, plain, withPdf, helloReqPerSec };
  } finally {
    await stop(child);
  }
}

async function main() {
  requireBuild();
  console.log(`Applications benchmark — node ${process.version}, ${os.cpus().length} CPUs, ${ROWS.toLocaleString("en")} applications, autocannon 10 connections × ${DURATION_S} s\n`);
  log("hello-world baseline…");
  const hello = await startHello();
  const helloLoad = await cannon({ url: `${hello.base}/`, duration: DURATION_S });
  await stop(hello.child);

  const targets: DataTarget[] = process.env.BENCH_SKIP_PGLITE ? [] : [pgliteTarget()];
  const pgTarget = await postgresTarget(BENCH_DB);
  if (pgTarget) targets.push(pgTarget);
  const results = [];
  for (const target of targets) results.push(await benchEngine(target, helloLoad.reqPerSec));

  console.log(`\nCSV export of ${ROWS.toLocaleString("en")} applications (GET /api/applications.csv, streamed)`);
  for (const r of results) {
    console.log(
      `  ${r.engine.padEnd(8)} ${round(r.csv.seconds, 2)} s (first byte ${Math.round(r.csv.firstByteMs)} ms), ${round(r.csv.mb)} MB, ` +
        `${round(r.csv.seconds / r.rawReadS, 2)}× a raw select of the same rows (${round(r.rawReadS, 2)} s); ` +
        `server RSS ${round(r.idleRssMb)} MB idle → ${round(r.csv.peakRssMb)} MB peak = ${round(r.csv.peakRssMb / r.idleRssMb, 2)}× idle, ` +
        `growth ${round(r.csv.peakRssMb - r.idleRssMb)} MB = ${round((r.csv.peakRssMb - r.idleRssMb) / r.csv.mb, 2)}× the file size`,
    );
  }
  console.log(`\nPOST /api/applications (multipart; hello-world baseline ${helloLoad.reqPerSec} req/s)`);
  for (const r of results) {
    for (const [label, load] of [["no résumé", r.plain], ["200 KB PDF", r.withPdf]] as const) {
      console.log(
        `  ${r.engine.padEnd(8)} ${label.padEnd(10)} ${String(load.reqPerSec).padStart(7)} req/s = ${round(load.reqPerSec / helloLoad.reqPerSec, 4)}× hello-world, ` +
          `p99 ${load.p99Ms} ms, ${load.ok2xx} × 201, ${load.non2xx + load.errors} other`,
      );
    }
  }
  const problems = results.flatMap((r) => [r.plain, r.withPdf].filter((l) => l.non2xx + l.errors > 0).map(() => `${r.engine}: non-201 answers`));
  printFigures({ bench: "applications", rows: ROWS, hello: helloLoad, results, problems });
  process.exit(problems.length ? 1 : 0);
}

runBench(main);
