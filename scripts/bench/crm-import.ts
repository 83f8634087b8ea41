// The CRM import case of `npm run bench:crm`, also runnable alone (`npm run bench:crm-import`):
// BENCH_IMPORT_ROWS rows (default 1,048,576; half updates of generated leads, half new people) sent
// to POST /api/crm/sync-csv as one multipart upload, timed to the end of the import, with the
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
  idleRssMb: number;
  peakRssMb: number;
  /** Peak above idle: the figure against IMPORT_PEAK_RSS_TARGET_MB. */
  aboveIdleMb: number;
  result: { syncedRecords: number; created: number; updated: number; unchanged: number; rejectedRows: number };
}

/** Sends `file` as one multipart upload to POST /api/crm/sync-csv and waits for its answer, sampling the server's RSS. */
export function benchImport(base: string, cookie: string, pid: number, file: string): Promise<ImportFigures> {
  const boundary = `----crmbench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  const idleRssMb = treeRssMb(pid) ?? 0;
  return new Promise((resolve, reject) => {
    const sampler = sampleRss(pid, 20, treeRssMb);
    const t0 = performance.now();
    const req = http.request(`${base}/api/crm/sync-csv`, {
      method: "POST",
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length },
      timeout: 1_800_000,
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        const peakRssMb = sampler.stop().peakMb ?? 0;
        if (res.statusCode !== 200) return reject(new Error(`import answered ${res.statusCode}: ${body.slice(0, 500)}`));
        resolve({ seconds: (performance.now() - t0) / 1000, idleRssMb, peakRssMb, aboveIdleMb: round(peakRssMb - idleRssMb, 1), result: JSON.parse(body) });
      });
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
    console.log(`  load average at the start ${loadAtStart.join(" ")}, at the end ${loadAtEnd.join(" ")}\n`);
    printFigures({
      leads: rows,
      importRows: figures.result.syncedRecords + figures.result.rejectedRows,
      importSeconds: round(figures.seconds, 1),
      importPeakRssAboveIdleMb: figures.aboveIdleMb,
      importPeakRssTargetMb: IMPORT_PEAK_RSS_TARGET_MB,
      loadAvg: loadAtEnd,
    });
  } finally {
    await stop(child);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) runBench(main);
