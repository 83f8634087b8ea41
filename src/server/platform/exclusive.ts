import type { Database } from "../db/client";
import { AppError } from "./errors";

/** Runs `work` unless work of the same name is running in any process on this database; then 409. */
export type RunExclusive = <T>(name: string, busyMessage: string, work: () => Promise<T>) => Promise<T>;

/** How long a refused caller is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/**
 * One-at-a-time work (a CSV import) across every process. On PostgreSQL: a session advisory lock on
 * a connection held for the work, so a process that dies (even by kill -9) lets go the moment its
 * connection drops, with no lease to wait out. The embedded database serves one process, so a set
 * in memory is the whole truth there.
 */
export function exclusiveRunner(database: Database): RunExclusive {
  const running = new Set<string>();
  const busy = (message: string) => new AppError("conflict", message, undefined, RETRY_AFTER_SECONDS);
  const pool = database.pool;
  if (!pool) {
    return async (name, busyMessage, work) => {
      if (running.has(name)) throw busy(busyMessage);
      running.add(name);
      try {
        return await work();
      } finally {
        running.delete(name);
      }
    };
  }
  return async (name, busyMessage, work) => {
    const client = await pool.connect();
    let locked = false;
    try {
      const answer = await client.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtext($1)) as locked", [`exclusive:${name}`]);
      locked = answer.rows[0]!.locked;
      if (!locked) throw busy(busyMessage);
      return await work();
    } finally {
      // A lock that cannot be released (the connection broke) is gone with the connection: drop it.
      const released = locked ? await client.query("select pg_advisory_unlock(hashtext($1))", [`exclusive:${name}`]).then(() => true, () => false) : true;
      client.release(!released);
    }
  };
}
