import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "~/server/db/client";
import { migrationsFolder, runMigrations } from "~/server/db/migrate";
import { createTestDatabase, testEngine } from "../helpers/database";

/** The migrations committed (drizzle's journal), each to be applied exactly once. */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };

async function appliedMigrations(database: Database): Promise<string[]> {
  const result = await database.pool!.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations order by created_at");
  return result.rows.map((row) => row.hash);
}

describe("migrations at start", () => {
  it("apply nothing again on a migrated database", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      // Both drivers answer execute() with { rows }.
      const count = async () => {
        const result = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
        return result.rows[0]!.n;
      };
      expect(await count()).toBe(journal.entries.length);
      await runMigrations(database);
      expect(await count()).toBe(journal.entries.length);
    } finally {
      await drop();
    }
  });
});

// Two app nodes (compose.yaml) start at once on one fresh database: each migrates at start, and the
// advisory lock in migrate.ts makes the second wait for the first and then find nothing to do.
if (testEngine === "postgres") describe("two nodes migrating one fresh PostgreSQL database at once", () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `ff_test_${randomBytes(6).toString("hex")}`;
  const opened: Database[] = [];

  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("both succeed, and each migration is applied once", async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Two pools, as two processes would have: the lock is per database session.
    const nodeA = await openPostgres(url.toString());
    const nodeB = await openPostgres(url.toString());
    opened.push(nodeA, nodeB);

    const results = await Promise.allSettled([runMigrations(nodeA), runMigrations(nodeB)]);
    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual(["ok", "ok"]);
    const applied = await appliedMigrations(nodeA);
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied).size).toBe(applied.length);
  });
});
