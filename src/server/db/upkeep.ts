import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./client";

/**
 * PostgreSQL's own autovacuum thresholds (its defaults): a table is analysed once more than
 * 50 + 10 % of its rows changed since its last analysis, vacuumed once 50 + 20 % of them are dead.
 */
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_BASE = 50;
/** Whether a table of `rows` rows (its estimate at the last analysis) with `changed` since wants another. */
export const wantsAnalysis = (changed: number, rows: number) => changed > ANALYZE_BASE + ANALYZE_SHARE * Math.max(rows, 0);
const VACUUM_SHARE = 0.2;
/**
 * Tables larger than this (64 MB) are not vacuumed here: on the embedded database a VACUUM holds every
 * request until it ends, and a big table's takes seconds. Their dead rows are reclaimed page by page as
 * PostgreSQL reads them (pruning); the small tables that churn (sessions, rate-limit windows, the
 * outbox) are the ones that would otherwise grow without end.
 */
const VACUUM_MAX_PAGES = 8192;

export interface UpkeepDone {
  analysed: string[];
  vacuumed: string[];
}

/**
 * What autovacuum does, for the embedded database, which has none: without it the planner's
 * statistics were never refreshed after the first (a table that grew through the forms kept the
 * guesses the planner makes for an empty one) and the rows that sessions, rate limits and the outbox
 * delete were never reclaimed. One table a statement, so a request waits for one at most.
 */
export async function keepTablesHealthy(db: Db): Promise<UpkeepDone> {
  const due = rowsOf<{ name: string; analyse: boolean; vacuum: boolean }>(
    await db.execute(sql`
      select format('%I.%I', s.schemaname, s.relname) as name,
        s.n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SHARE} * greatest(c.reltuples, 0) as analyse,
        s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SHARE} * greatest(c.reltuples, 0) and c.relpages <= ${VACUUM_MAX_PAGES} as vacuum
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.relname`),
  );
  const done: UpkeepDone = { analysed: [], vacuumed: [] };
  for (const table of due) {
    // VACUUM ANALYZE does both in one pass.
    if (table.vacuum) {
      await db.execute(sql.raw(`vacuum ${table.analyse ? "(analyze) " : ""}${table.name}`));
      done.vacuumed.push(table.name);
      if (table.analyse) done.analysed.push(table.name);
    } else if (table.analyse) {
      await db.execute(sql.raw(`analyze ${table.name}`));
      done.analysed.push(table.name);
    }
  }
  return done;
}
