// The CRM benches' data set: the sales staff, four owners and `rows` generated leads (crm-data.ts).
// With BENCH_DATA_DB the set is generated once into that database and kept; each run (bench:crm,
// bench:crm-board, bench:crm-score) measures a copy of it, so a million leads are generated once for
// all of them. Without it each run generates its own into a fresh database.
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { rescoreBatch, syncScoreWeights } from "~/server/features/crm/score-job";
import type { Db } from "~/server/db/client";
import { createStaff } from "~/server/features/staff/service";
import { insertLeads, settleLeads } from "../crm-data";
import { log, round } from "./report";
import { keptDataDatabase, postgresTarget, targetConfigEnv, type DataTarget } from "./servers";

/** The account the CRM benches sign in with (owner of a fifth of the leads). */
export const CRM_BENCH_STAFF = { email: "bench.sales@example.com", name: "Bench Sales", password: "bench-sales-password", roles: ["sales" as const] };
export const CRM_BENCH_OWNER_EMAILS = [1, 2, 3, 4].map((i) => `owner${i}@example.com`);

/** The staff and `rows` leads, in the database of `target`. */
export async function generateCrmData(target: DataTarget, rows: number): Promise<void> {
  const config = loadConfig(targetConfigEnv(target));
  const { database, release } = await openConfiguredDatabase(config);
  try {
    const owners = [(await createStaff(database.db, CRM_BENCH_STAFF)).id];
    for (const [i, email] of CRM_BENCH_OWNER_EMAILS.entries()) owners.push((await createStaff(database.db, { email, name: `Owner ${i + 1}`, password: "bench-owner-password", roles: ["sales"] })).id);
    await insertLeads(database.db, rows, owners, (done) => log(`  ${done.toLocaleString("en")} leads`));
    log(`  scored every lead in ${round(await scoreEveryLead(database.db), 1)} s`);
    await settleLeads(config.databaseUrl!);
  } finally {
    await database.close();
    release();
  }
}

/** Leads scored per statement when a data set is generated. */
const SCORE_BATCH = 50_000;

/**
 * Every generated lead scored, as a running site keeps them: otherwise the server's rescoring job
 * works through them while a bench measures (and its batches deadlock with a bulk change's). Seconds.
 */
export async function scoreEveryLead(db: Db): Promise<number> {
  const t0 = performance.now();
  await syncScoreWeights(db);
  while ((await rescoreBatch(db, SCORE_BATCH)) === "more");
  return (performance.now() - t0) / 1000;
}

type PostgresTarget = Extract<DataTarget, { engine: "postgres" }>;

/** The kept data set's comment: a database generated for another size is generated again. */
const readyComment = (rows: number) => `ff bench crm ${rows} leads, scored, time-ordered ids`;

/** Generates the kept data set BENCH_DATA_DB unless it is there; the seconds it took, or null. */
export async function keptCrmData(dataDb: string, rows: number): Promise<number | null> {
  let generateS: number | null = null;
  const t0 = performance.now();
  await keptDataDatabase(dataDb, readyComment(rows), async (kept) => {
    log(`generating ${rows.toLocaleString("en")} leads in SQL into ${dataDb} (kept)…`);
    await generateCrmData(kept, rows);
    generateS = (performance.now() - t0) / 1000;
  });
  return generateS;
}

/**
 * The database `name` with the data set: a copy of BENCH_DATA_DB (generated first if need be), or a
 * fresh database generated here. `generateS` is null when nothing was generated.
 */
export async function crmDataTarget(name: string, rows: number): Promise<{ target: PostgresTarget; generateS: number | null }> {
  const dataDb = process.env.BENCH_DATA_DB;
  const kept = dataDb ? await keptCrmData(dataDb, rows) : null;
  const t0 = performance.now();
  const target = await postgresTarget(name, dataDb);
  if (!target || target.engine !== "postgres") throw new Error("PostgreSQL is needed for this benchmark (BENCH_DATABASE_URL)");
  if (dataDb) {
    log(`copied ${dataDb} in ${round((performance.now() - t0) / 1000, 1)} s`);
    return { target, generateS: kept };
  }
  log(`generating ${rows.toLocaleString("en")} leads in SQL…`);
  const t1 = performance.now();
  await generateCrmData(target, rows);
  return { target, generateS: (performance.now() - t1) / 1000 };
}
