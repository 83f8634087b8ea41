// Adds the e2e staff accounts (accounts.ts) to the database the environment points at
// (DATABASE_URL, or PGlite in DATA_DIR), then closes it and releases PGlite's lock.
//   DATA_DIR=... npx tsx tests/e2e/seed-staff.ts
import { pathToFileURL } from "node:url";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { createStaff } from "~/server/features/staff/service";
import { ACCOUNTS } from "./accounts";

export async function seedStaff(env: NodeJS.ProcessEnv): Promise<void> {
  const { database, release } = await openConfiguredDatabase(loadConfig(env));
  try {
    for (const account of Object.values(ACCOUNTS)) await createStaff(database.db, account);
  } finally {
    await database.close();
    release();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  seedStaff(process.env).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
