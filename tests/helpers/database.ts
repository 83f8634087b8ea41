import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openPglite, openPostgres, type Database } from "~/server/db/client";
import { runMigrations } from "~/server/db/migrate";

export const testEngine = (process.env.TEST_ENGINE ?? "pglite") as "pglite" | "postgres";

/** The run's migrated PGlite data folder (pglite-template.ts), read once per test file. */
let template: Uint8Array | undefined;

/**
 * A clean, migrated database for one test file: an in-memory PGlite copied from the run's migrated
 * template, or a new database on the PostgreSQL server of TEST_DATABASE_URL (migrating it there takes
 * about 0.15 s) that is dropped again by `drop()`.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** Another handle on the same database, as a second process would open (PGlite: the same instance). */
  connectAgain: () => Promise<Database>;
}> {
  if (testEngine === "pglite") {
    template ??= readFileSync(inject("pgliteTemplate"));
    const database = await openPglite(null, template);
    return { database, drop: () => database.close(), connectAgain: async () => ({ ...database, close: async () => {} }) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
  const name = `ff_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await runMigrations(database);
  return {
    database,
    connectAgain: () => openPostgres(url.toString()),
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
