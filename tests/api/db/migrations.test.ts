import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "~/server/db/client";
import { migrationsFolder, runMigrations } from "~/server/db/migrate";
import { createPostgresDatabase, createTestDatabase, testEngine } from "../../helpers/database";

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
  const opened: Database[] = [];
  let dropDatabase = async () => {};

  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await dropDatabase();
  });

  it("both succeed, and each migration is applied once", async () => {
    const empty = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    dropDatabase = empty.drop;
    // Two pools, as two processes would have: the lock is per database session.
    const nodeA = await openPostgres(empty.url);
    const nodeB = await openPostgres(empty.url);
    opened.push(nodeA, nodeB);

    const results = await Promise.allSettled([runMigrations(nodeA), runMigrations(nodeB)]);
    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual(["ok", "ok"]);
    const applied = await appliedMigrations(nodeA);
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied).size).toBe(applied.length);
  });
});
