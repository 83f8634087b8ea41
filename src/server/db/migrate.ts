import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { projectRoot } from "../platform/project-root";
import type { Database } from "./client";

export const migrationsFolder = path.join(projectRoot, "src/server/db/migrations");

/** Arbitrary constant: the advisory lock that keeps two starting processes from migrating at once. */
const MIGRATION_LOCK_ID = 7_310_442;

export async function runMigrations(database: Database): Promise<void> {
  if (database.engine === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const lockClient = await database.pool!.connect();
  try {
    // A starting process waits for another's migrations however long they take (an index built over
    // a million leads), and runs its own on the connection that holds the lock, free of the pool's
    // statement limits; the connection gets them back before it returns to the pool.
    await lockClient.query("set statement_timeout = 0; set lock_timeout = 0");
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await lockClient.query("reset statement_timeout; reset lock_timeout").catch(() => {});
    lockClient.release();
  }
}
