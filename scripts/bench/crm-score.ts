// Lead score benchmark (issue 23 §3) of the built server on PostgreSQL:
//   npm run build && npm run bench:crm-score
// 1. BENCH_ROWS leads (default 1,000,000, as bench:crm generates them) and a brochure engagement for a
//    third of them, then the server is started: its rescoring job scores every lead in claimed batches
//    (timed, "backfill").
// 2. Score update cost per engagement: lead_score_refresh of one lead (what each engagement's
//    transaction adds), p50/p95 over BENCH_LATENCY_REQUESTS random leads, straight on the database.
// 3. Through the HTTP API, one connection: a sales change that rescores (PUT stage/status), and the list
//    sorted by score: first page, a deep page (80 % down), a minimum score, a minimum score with a stage.
// BENCH_DATABASE_URL names the PostgreSQL server; the database ff_bench_crm_score is made and dropped.
// BENCH_DATA_DB: copy the kept data set of bench:crm instead of generating (lib/crm-data-target.ts).
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { encodeNumberCursor } from "~/server/platform/keyset";
import { cannon, percentile, type LoadFigures } from "./lib/load";
import { runBench, sleep, stop } from "./lib/processes";
import { lat, log, printFigures, round, table } from "./lib/report";
import { CRM_BENCH_STAFF, crmDataTarget } from "./lib/crm-data-target";
import { requireBuild, startServer, staffLogin, targetConfigEnv } from "./lib/servers";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REQUESTS = Math.max(200, Number(process.env.BENCH_LATENCY_REQUESTS ?? 200));
const loadAvg = () => os.loadavg().map((v) => round(v, 2));

async function latency(url: string, cookie: string, extra: Partial<Parameters<typeof cannon>[0]> = {}): Promise<LoadFigures> {
  await cannon({ url, headers: { cookie }, connections: 1, amount: 20, duration: 120, ...extra });
  const figures = await cannon({ url, headers: { cookie }, connections: 1, amount: REQUESTS, duration: 600, ...extra });
  if (figures.non2xx || figures.errors) throw new Error(`${url} answered ${figures.non2xx} non-2xx and ${figures.errors} errors`);
  return figures;
}

async function main() {
  requireBuild();
  const loadStart = loadAvg();
  console.log(`Lead score benchmark — node ${process.version}, ${os.cpus().length} CPUs, load average ${loadStart.join(" ")}, ${ROWS.toLocaleString("en")} leads on PostgreSQL\n`);
  const { target } = await crmDataTarget(process.env.BENCH_DB_NAME ?? "ff_bench_crm_score", ROWS);
  const config = loadConfig(targetConfigEnv(target));
  const { database, release } = await openConfiguredDatabase(config);
  try {
    // A brochure request by every third person, spread over the last 90 days (the score's recency);
    // the server's rescoring job scores them all, timed below.
    await database.db.execute(sql`alter table lead_engagement disable trigger lead_score_engagement`);
    await database.db.execute(sql`insert into lead_engagement (lead_id, kind, ref_id, at)
      select id, 'brochure_download', gen_random_uuid(), now() - make_interval(days => (abs(hashtext(id::text)) % 90)) from lead where abs(hashtext(id::text)) % 3 = 0`);
    await database.db.execute(sql`alter table lead_engagement enable trigger lead_score_engagement`);
    // The data set comes scored: the server's job rescores every lead again from the start.
    await database.db.execute(sql`update lead_score_setting set rescored = false, rescore_after = null`);
  } finally {
    await database.close();
    release();
  }

  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  const { child, base } = await startServer("server (postgres)", target);
  try {
    log("rescoring every lead (the server's claimed job)…");
    const t0 = performance.now();
    for (;;) {
      const { rows } = await client.query<{ rescored: boolean }>("select rescored from lead_score_setting");
      if (rows[0]?.rescored) break;
      await sleep(500);
    }
    const backfillS = (performance.now() - t0) / 1000;
    await client.query("vacuum analyze lead");

    log("score update per engagement (lead_score_refresh of one lead)…");
    const { rows: sample } = await client.query<{ id: string }>(`select id from lead tablesample system (1) limit ${REQUESTS}`);
    const refreshMs: number[] = [];
    for (const { id } of sample) {
      const start = performance.now();
      await client.query("select lead_score_refresh(array[$1::uuid])", [id]);
      refreshMs.push(performance.now() - start);
    }
    const { rows: deep } = await client.query<{ key: number; id: string }>(
      `select score_key as key, id from lead where not is_paid order by score_key desc, id desc offset ${Math.floor(ROWS * 0.7)} limit 1`,
    );
    const cookie = await staffLogin(base, CRM_BENCH_STAFF);
    const list = (query: string) => `${base}/api/crm/leads?${query}`;
    let n = 0;
    const ids = sample.map((row) => row.id);
    const scenarios: [string, string, Partial<Parameters<typeof cannon>[0]>?][] = [
      ["list by score, first page", list("sort=score")],
      ["list by score, deep page (70% down)", list(`sort=score&cursor=${encodeNumberCursor(deep[0]!)}`)],
      ["list by score, score 40+ (with count)", list("sort=score&scoreMin=40")],
      ["list by score, score 20+ and stage Connected", list("sort=score&scoreMin=20&stage=Connected")],
      [
        "PUT stage/status (rescored in its transaction)",
        `${base}/api/crm/leads/x`,
        {
          method: "PUT",
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => {
                const id = ids[n++ % ids.length]!;
                const flip = n % 2 === 0;
                return { ...req, path: `/api/crm/leads/${id}`, method: "PUT", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(flip ? { leadStage: "Connected", leadStatus: "Pitched" } : { leadStage: "Not Connected", leadStatus: "Call Back" }) };
              },
            },
          ] as never,
        },
      ],
    ];
    const results: { label: string; figures: LoadFigures }[] = [];
    for (const [label, url, extra] of scenarios) {
      log(`${label}…`);
      results.push({ label, figures: await latency(url, cookie, extra) });
    }
    const loadEnd = loadAvg();
    const refreshP95 = round(percentile(refreshMs, 0.95), 2);
    console.log(`\nBackfill: every lead rescored by the claimed job in ${round(backfillS, 1)} s (${Math.round(ROWS / backfillS).toLocaleString("en")} leads/s)`);
    console.log(`Score update per engagement (lead_score_refresh of one lead, on the database): p50 ${lat(percentile(refreshMs, 0.5))}, p95 ${lat(refreshP95)}`);
    console.log(`\nThrough the HTTP API, one connection, ${REQUESTS} requests each`);
    console.log(table(["case", "p50", "p95", "p99"], results.map((r) => [r.label, lat(r.figures.p50Ms), lat(r.figures.p95Ms), lat(r.figures.p99Ms)])));
    console.log(table(["load average", "1 min", "5 min", "15 min"], [["at the start", ...loadStart.map(String)], ["at the end", ...loadEnd.map(String)]]));
    console.log("");
    const listP95 = Math.max(...results.filter((r) => r.label.startsWith("list")).map((r) => r.figures.p95Ms));
    printFigures({
      rows: ROWS,
      backfillSeconds: round(backfillS, 1),
      p95ScoreRefreshMs: refreshP95,
      p95ScoredUpdateMs: results.find((r) => r.label.startsWith("PUT"))!.figures.p95Ms,
      p95ListByScoreMs: listP95,
      loadAvg: loadEnd,
    });
  } finally {
    await client.end();
    await stop(child);
  }
}

runBench(main);
