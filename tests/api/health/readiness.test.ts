import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "~/server/app";
import { rowsOf } from "~/server/db/client";
import { migrationsFolder } from "~/server/db/migrate";
import { createTestApp, type TestContext } from "../../helpers/app";
import { createTestDatabase } from "../../helpers/database";
import { parsePrometheus, valueOf } from "../../helpers/prometheus";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ready = (app = ctx.app) => app.inject({ method: "GET", url: "/api/health/ready" });
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
const newest = journal.entries.at(-1)!;

describe("GET /api/health/ready", () => {
  it("says ready when the database answers and has every bundled migration", async () => {
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({ status: "ready", database: "up", migrations: "current", missingMigrations: [], draining: false, failed: [] });
  });

  it("says 503 naming the migration the database lacks", async () => {
    const [removed] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when} returning id, hash, created_at`),
    );
    expect(removed).toBeDefined();
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable", database: "up", migrations: "missing", missingMigrations: [newest.tag], draining: false, failed: ["migrations"] });
    } finally {
      await ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${removed!.id}, ${removed!.hash}, ${removed!.created_at})`);
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it("says 503 while the process shuts down", async () => {
    ctx.app.draining = true;
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "unavailable", database: "up", draining: true, failed: ["draining"] });
    } finally {
      ctx.app.draining = false;
    }
  });

  it("says 503 when the database is gone, and the metrics still answer with ff_database_up 0", async () => {
    const { database, drop } = await createTestDatabase();
    const { config } = ctx;
    const app = await buildApp({ config, database, secret: "x".repeat(40), logger: false });
    await app.ready();
    expect((await ready(app)).statusCode).toBe(200);
    await database.close();
    const response = await ready(app);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", database: "down", migrations: "unknown", missingMigrations: [], draining: false, failed: ["database"] });
    const scrape = await app.inject({ method: "GET", url: "/metrics" });
    expect(scrape.statusCode).toBe(200);
    expect(valueOf(parsePrometheus(scrape.body), "ff_database_up")).toBe(0);
    await app.close().catch(() => {});
    await drop().catch(() => {});
  });
});
