import { randomBytes } from "node:crypto";
import { cpSync, existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { openPglite, openPostgres, type Database } from "~/server/db/client";
import { runAsAdmin } from "./postgres-admin";
import { makeScratchDir } from "./scratch-dirs";

export const testEngine = (process.env.TEST_ENGINE ?? "pglite") as "pglite" | "postgres";

/** A folder for temporary files kept in memory where the system has one (Linux's /dev/shm). */
export const memoryTempDir = (): string => (existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir());

/** A copy of the run's migrated PGlite data folder (pglite-template.ts) at `dataDir`, which must not exist yet. */
export function copyPgliteTemplate(dataDir: string): void {
  // Synchronous: ~70 ms for its ~1,200 files, where fs.promises.cp took ~350 ms.
  cpSync(inject("pgliteTemplate"), dataDir, { recursive: true });
}

/** The run's bundled worker threads (module-workers.ts), used by this test file's server code. */
function useBundledWorkers(): void {
  process.env.MODULE_WORKERS_DIR = inject("moduleWorkersDir");
}

/**
 * A clean, migrated database for one test file: PGlite on a copy of the run's migrated template's data
 * folder (in memory where the system allows), or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL copied from the run's migrated template database (postgres-template.ts), dropped
 * again (and the folder removed) by `drop()`.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** Another handle on the same database, as a second process would open (PGlite: the same instance). */
  connectAgain: () => Promise<Database>;
}> {
  useBundledWorkers();
  if (testEngine === "pglite") {
    const dir = makeScratchDir(memoryTempDir(), "ff-test");
    const remove = () => rmSync(dir, { recursive: true, force: true });
    copyPgliteTemplate(path.join(dir, "pglite"));
    const database = await openPglite(path.join(dir, "pglite")).catch((error: unknown) => {
      remove();
      throw error;
    });
    const drop = async () => {
      try {
        await database.close();
      } finally {
        remove();
      }
    };
    return { database, drop, connectAgain: async () => ({ ...database, close: async () => {} }) };
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
