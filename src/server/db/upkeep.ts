import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./client";

/**
 * PostgreSQL's own autovacuum thresholds (its defaults): a table is analysed once more than
 * 50 + 10 % of its rows changed since its last analysis, vacuumed once 50 + 20 % of them are dead.
 */
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;
/**
 * Tables larger than this (64 MB) are not vacuumed here: on the embedded database a VACUUM holds every
 * request until it ends, and a big table's takes seconds. Their dead rows are reclaimed page by page as
 * PostgreSQL reads them (pruning); the small tables that churn (sessions, rate-limit windows, the
 * outbox) are the ones that would otherwise grow without end.
 */
const VACUUM_MAX_PAGES = 8192;

/** What the planner and the statistics collector know of a table. */
export interface TableState {
  /** Schema-qualified and quoted, ready for a statement. */
  name: string;
  /** Its row count at the last analysis or vacuum (the planner's estimate); -1 for never. */
  rows: number;
  pages: number;
  /** Rows inserted, updated or deleted since the last analysis. */
  changed: number;
  dead: number;
}

/** The state of every table of the app's, or of the one named. */
export async function tableStates(db: Db, table?: string): Promise<TableState[]> {
  return rowsOf<TableState>(
    await db.execute(sql`
      select format('%I.%I', s.schemaname, s.relname) as name, c.reltuples::float8 as rows, c.relpages::float8 as pages,
        s.n_mod_since_analyze::float8 as changed, s.n_dead_tup::float8 as dead
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      ${table ? sql`where s.relid = ${table}::regclass` : sql``}
      order by s.relname`),
  );
}

/** Whether autovacuum would analyse the table now. */
export const wantsAnalysis = (table: TableState) => table.changed > ANALYZE_BASE + ANALYZE_SHARE * Math.max(table.rows, 0);
const wantsVacuum = (table: TableState) => table.dead > VACUUM_BASE + VACUUM_SHARE * Math.max(table.rows, 0) && table.pages <= VACUUM_MAX_PAGES;

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
  const done: UpkeepDone = { analysed: [], vacuumed: [] };
  for (const table of await tableStates(db)) {
    const analyse = wantsAnalysis(table);
    // VACUUM (ANALYZE) does both in one pass.
    if (wantsVacuum(table)) {
      await db.execute(sql.raw(`vacuum ${analyse ? "(analyze) " : ""}${table.name}`));
      done.vacuumed.push(table.name);
    } else if (analyse) {
      await db.execute(sql.raw(`analyze ${table.name}`));
    }
    if (analyse) done.analysed.push(table.name);
  }
  return done;
}
