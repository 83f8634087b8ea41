import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { openPglite, openPostgres, type Database } from "~/server/db/client";
import { runAsAdmin } from "./postgres-admin";

export const testEngine = (process.env.TEST_ENGINE ?? "pglite") as "pglite" | "postgres";

/** The run's migrated PGlite data folder (pglite-template.ts), read once per test file. */
let template: Uint8Array | undefined;
export const pgliteTemplate = (): Uint8Array => (template ??= readFileSync(inject("pgliteTemplate")));

/**
 * A clean, migrated database for one test file: an in-memory PGlite copied from the run's migrated
 * template, or a new database on the PostgreSQL server of TEST_DATABASE_URL copied from the run's
 * migrated template database (postgres-template.ts), dropped again by `drop()`.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** Another handle on the same database, as a second process would open (PGlite: the same instance). */
  connectAgain: () => Promise<Database>;
}> {
  if (testEngine === "pglite") {
    const database = await openPglite(null, pgliteTemplate());
    return { database, drop: () => database.close(), connectAgain: async () => ({ ...database, close: async () => {} }) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
  const copy = await createPostgresDatabase(serverUrl, "ff_test", inject("postgresTemplate"));
  const database = await openPostgres(copy.url);
  return {
    database,
    connectAgain: () => openPostgres(copy.url),
    // Dropped even when the handle was closed already (a test of a database gone away closes it first).
    drop: async () => {
      try {
        await database.close();
      } finally {
        await copy.drop();
      }
    },
  };
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, empty or a copy of `template` (which no one
 * may be connected to): its name, its URL, and `drop()` (forced).
 */
export async function createPostgresDatabase(serverUrl: string, prefix = "ff_test", template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = (statement: string) => runAsAdmin(serverUrl, statement);
  await admin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
