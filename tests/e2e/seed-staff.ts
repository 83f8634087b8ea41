// Adds the e2e staff accounts (accounts.ts) to a database; run alone, to the one the environment
// points at (DATABASE_URL, or PGlite in DATA_DIR), then closes it and releases PGlite's lock.
//   DATA_DIR=... npx tsx tests/e2e/seed-staff.ts
import { pathToFileURL } from "node:url";
import { loadConfig } from "~/server/config";
import type { Db } from "~/server/db/client";
import { openConfiguredDatabase } from "~/server/db/open";
import { createStaff } from "~/server/features/staff/service";
import { ACCOUNTS } from "./accounts";

export async function seedStaff(db: Db): Promise<void> {
  for (const account of Object.values(ACCOUNTS)) await createStaff(db, account);
}

/** Opens the configured database, lets `seed` write to it, and closes it (PGlite's lock included). */
export async function withDatabase(env: NodeJS.ProcessEnv, seed: (db: Db) => Promise<void>): Promise<void> {
  const { database, release } = await openConfiguredDatabase(loadConfig(env));
  try {
    await seed(database.db);
  } finally {
    await database.close();
    release();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  withDatabase(process.env, seedStaff).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
