import path from "node:path";
import type { Config } from "../config";
import { openPglite, openPostgres, type Database } from "./client";
import { lockDataDir } from "./data-dir-lock";
import { runMigrations } from "./migrate";

/**
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite in DATA_DIR, locked to this process.
 * Migrations are applied before the handle is returned.
 */
export async function openConfiguredDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    await runMigrations(database);
    return { database, release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite(path.join(config.dataDir, "pglite"));
    await runMigrations(database);
    return { database, release };
  } catch (error) {
    release();
    throw error;
  }
}
