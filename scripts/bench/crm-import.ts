// The CRM import case of `npm run bench:crm`, also runnable alone (`npm run bench:crm-import`):
// BENCH_IMPORT_ROWS rows (default 1,048,576; half updates of generated leads, half new people) sent
// to POST /api/crm/sync-csv as one multipart upload and followed as the browser follows it (202 once
// the file has arrived and been checked, then rows written read each second), timed to its end, with the
// server's RSS (the process and its workers) sampled every 20 ms against the target of 256 MB above
// idle (issue 21 item 5). Alone it generates BENCH_ROWS leads first (default 200,000) in the
// PostgreSQL database BENCH_DB_NAME (default ff_bench_import), dropped at the end.
import { createReadStream, mkdtempSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { createStaff } from "~/server/features/staff/service";
import { generateLeads, writeImportFile } from "./crm-data";
import { sampleRss, treeRssMb } from "./lib/memory";
import { removeAtCleanup, runBench, stop } from "./lib/processes";
import { log, loadAverage, mb, printFigures, round, table } from "./lib/report";
import { postgresTarget, requireBuild, startServer, staffLogin, targetConfigEnv } from "./lib/servers";

/** Issue 21 item 5: the import's peak resident memory above the idle server's. */
export const IMPORT_PEAK_RSS_TARGET_MB = 256;

export interface ImportFigures {
  seconds: number;
  /** Until the file had arrived and been checked (the 202), and the peak RSS above idle meanwhile. */
  receivedSeconds: number;
  receivedPeakAboveIdleMb: number;
  /** Progress figures read while the rows were written (rows written), to show they grow. */
  progressSamples: number[];
  idleRssMb: number;
  peakRssMb: number;
  /** Peak above idle: the figure against IMPORT_PEAK_RSS_TARGET_MB. */
  aboveIdleMb: number;
  result: { syncedRecords: number; created: number; updated: number; unchanged: number; rejectedRows: number };
}

/**
 * Sends `file` as one multipart upload to POST /api/crm/sync-csv as the browser does (Prefer:
 * respond-async: answered once the file has arrived and been checked), then follows the job to its
 * end as the browser does, sampling the server's RSS all along.
 */
export async function benchImport(base: string, cookie: string, pid: number, file: string): Promise<ImportFigures> {
  const boundary = `----crmbench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  const idleRssMb = treeRssMb(pid) ?? 0;
  const sampler = sampleRss(pid, 20, treeRssMb);
  const t0 = performance.now();
  const job = await new Promise<{ id: string }>((resolve, reject) => {
    const req = http.request(`${base}/api/crm/sync-csv`, {
      method: "POST",
      headers: { cookie, prefer: "respond-async", "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length },
      timeout: 1_800_000,
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => (res.statusCode === 202 ? resolve(JSON.parse(body)) : reject(new Error(`import answered ${res.statusCode}: ${body.slice(0, 500)}`))));
    });
    req.on("error", reject);
    Readable.from(
      (async function* () {
        yield head;
        yield* createReadStream(file);
        yield tail;
      })(),
    ).pipe(req);
  });
  const receivedSeconds = (performance.now() - t0) / 1000;
  const received = sampler.stop().peakMb ?? 0;
  const writing = sampleRss(pid, 20, treeRssMb);
  const progressSamples: number[] = [];
  let state: { status: string; rowsDone: number; error: string | null; result: ImportFigures["result"] | null };
  for (;;) {
    state = (await (await fetch(`${base}/api/crm/sync-csv/${job.id}`, { headers: { cookie } })).json()) as typeof state;
    if (state.status !== "running") break;
    progressSamples.push(state.rowsDone);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const seconds = (performance.now() - t0) / 1000;
  const peakRssMb = Math.max(received, writing.stop().peakMb ?? 0);
  if (state.status !== "done" || !state.result) throw new Error(`import ended ${state.status}: ${state.error}`);
  return {
    seconds,
    receivedSeconds,
    receivedPeakAboveIdleMb: round(received - idleRssMb, 1),
    progressSamples,
    idleRssMb,
    peakRssMb,
    aboveIdleMb: round(peakRssMb - idleRssMb, 1),
    result: state.result,
  };
}

/** The import's row of a bench's table: rows, time, idle and peak RSS, above idle against the target. */
export function importRow(figures: ImportFigures): (string | number)[] {
  const { result } = figures;
  return ["import", result.syncedRecords + result.rejectedRows, round(figures.seconds, 1), mb(figures.idleRssMb), mb(figures.peakRssMb), mb(figures.aboveIdleMb), `≤ ${IMPORT_PEAK_RSS_TARGET_MB} MB`];
}

const STAFF = { email: "bench.import@example.com", name: "Bench Import", password: "bench-import-password", roles: ["sales" as const] };

async function main() {
  requireBuild();
  const rows = Number(process.env.BENCH_ROWS ?? 200_000);
  const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 1_048_576);
  const loadAtStart = loadAverage();
  console.log(`CRM import benchmark — node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAtStart.join(" ")}, ${rows.toLocaleString("en")} leads on PostgreSQL\n`);
  const target = await postgresTarget(process.env.BENCH_DB_NAME ?? "ff_bench_import");
  if (target?.engine !== "postgres") throw new Error("PostgreSQL is needed for this benchmark (BENCH_DATABASE_URL)");
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  try {
    const seller = await createStaff(database.db, STAFF);
    log(`generating ${rows.toLocaleString("en")} leads in SQL…`);
    await generateLeads(database.db, target.databaseUrl, rows, [seller.id]);
  } finally {
    await database.close();
    release();
  }
  const file = path.join(removeAtCleanup(mkdtempSync(path.join(os.tmpdir(), "ff-bench-import-"))), "leads.csv");
  await writeImportFile(file, importRows, rows);
  const { child, base } = await startServer("server (postgres)", target);
  try {
    const cookie = await staffLogin(base, STAFF);
    log(`import of ${importRows.toLocaleString("en")} rows (${round(statSync(file).size / 1048576)} MB)…`);
    const figures = await benchImport(base, cookie, child.pid, file);
    const loadAtEnd = loadAverage();
    console.log(`\nCSV import (server RSS sampled every 20 ms)`);
    console.log(table(["job", "rows", "seconds", "idle RSS", "peak RSS", "above idle", "target"], [importRow(figures)]));
    console.log(`  ${figures.result.created} created, ${figures.result.updated} updated, ${figures.result.unchanged} unchanged, ${figures.result.rejectedRows} rejected`);
    console.log(`  file received and checked in ${round(figures.receivedSeconds, 1)} s (peak ${mb(figures.receivedPeakAboveIdleMb)} above idle meanwhile); rows written, read each second (${figures.progressSamples.length} readings, every tenth): ${figures.progressSamples.filter((_, i) => i % 10 === 0).join(", ")}`);
    console.log(`  load average at the start ${loadAtStart.join(" ")}, at the end ${loadAtEnd.join(" ")}\n`);
    printFigures({
      leads: rows,
      importRows: figures.result.syncedRecords + figures.result.rejectedRows,
      importSeconds: round(figures.seconds, 1),
      importReceivedSeconds: round(figures.receivedSeconds, 1),
      importReceivedPeakRssAboveIdleMb: figures.receivedPeakAboveIdleMb,
      importPeakRssAboveIdleMb: figures.aboveIdleMb,
      importPeakRssTargetMb: IMPORT_PEAK_RSS_TARGET_MB,
      loadAvg: loadAtEnd,
    });
  } finally {
    await stop(child);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) runBench(main);
