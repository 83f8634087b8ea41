import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import type { PlannerSettings } from "./pglite-protocol";
import { setSettingsSql } from "./planner-sql";

export type { PlannerSettings } from "./pglite-protocol";

const storage = new AsyncLocalStorage<PlannerSettings>();
/** The drizzle handles of embedded databases (db/client.ts openPglite). */
const embedded = new WeakSet<Db>();
export const markEmbedded = (db: Db): void => void embedded.add(db);

/** The planner settings the current statement runs under on the embedded database (pglite-proxy.ts sends them along). */
export const currentPlannerSettings = (): PlannerSettings | undefined => storage.getStore();

/** Runs one statement under `settings` (drizzle's query, awaited here: it starts when awaited). */
export type Planned = <T>(settings: PlannerSettings, statement: (db: Db) => PromiseLike<T>) => Promise<T>;

/**
 * Runs `work`, whose statements each name the planner settings they need (the CRM search's plans,
 * features/crm/search.ts), one after the other:
 * - on PostgreSQL, in one transaction, the settings switched (`set_config` local) only when they
 *   change: as many round trips as statements, plus one per switch;
 * - on the embedded database, without a transaction: each statement carries its settings to the
 *   worker, which sets them, runs it and resets them in one turn. A transaction would hold the one
 *   embedded database for every trip between the threads inside it, and a sign-in arriving
 *   meanwhile waited for all of them (a CRM search is three statements); now it waits for one.
 * Both read committed, where each statement sees its own snapshot anyway: nothing is lost by
 * leaving the transaction out.
 */
export async function withPlanner<T>(db: Db, work: (run: Planned) => Promise<T>): Promise<T> {
  if (embedded.has(db)) {
    return work((settings, statement) => storage.run(settings, async () => await statement(db)));
  }
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    let current: PlannerSettings | null = null;
    return work(async (settings, statement) => {
      if (settings !== current) {
        await tx.execute(sql.raw(setSettingsSql(settings, true)));
        current = settings;
      }
      return await statement(tx);
    });
  });
}
