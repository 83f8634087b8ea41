// Autovacuum's work done by housekeeping on the embedded database, which has none (db/upkeep.ts):
// a table that changed enough is analysed, one whose rows were deleted is vacuumed, and a table
// that did not change is left alone. On PostgreSQL the same function works (housekeeping calls it on
// the embedded database only: there autovacuum is the server's).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/server/db/client";
import { keepTablesHealthy } from "~/server/db/upkeep";
import { createTestApp, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * Runs `statement` and makes its counts visible to every session at once: PostgreSQL's sessions
 * publish theirs at most once a second (and after 10 s when idle).
 */
async function counted(statement: ReturnType<typeof sql>): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(statement);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
}

const state = async (table: string) =>
  rowsOf<{ dead: number; changed: number; analysed: number; vacuumed: number }>(
    await ctx.db.execute(sql`
      select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, analyze_count::int as analysed, vacuum_count::int as vacuumed
      from pg_stat_user_tables where relname = ${table}`),
  )[0]!;

describe("embedded upkeep (what autovacuum does)", () => {
  it("analyses a table that changed by more than 50 + 10 %, vacuums one whose deleted rows pass 50 + 20 %, leaves the rest", async () => {
    // First a clean slate: whatever the migrations and the app's start-up wrote is settled.
    await keepTablesHealthy(ctx.db);

    await counted(sql`
      insert into lead (email, full_name, source_type)
      select 'upkeep' || g || '@example.com', 'Upkeep ' || g, 'csv_import' from generate_series(1, 500) as g`);
    await counted(sql`
      insert into rate_limit (key, window_start, count)
      select 'upkeep:' || g, now(), 1 from generate_series(1, 400) as g`);
    // Analysed with 400 rows, then most of them deleted: dead rows to reclaim.
    await ctx.db.execute(sql`analyze rate_limit`);
    await counted(sql`delete from rate_limit where key like 'upkeep:%' and key <> 'upkeep:1'`);
    const mentorsBefore = await state("mentor");
    const rateLimitsBefore = await state("rate_limit");
    expect(rateLimitsBefore.dead).toBeGreaterThanOrEqual(399);

    const done = await keepTablesHealthy(ctx.db);
    expect(done.analysed).toContain("public.lead");
    expect(done.vacuumed).toContain("public.rate_limit");
    expect(done.analysed).not.toContain("public.mentor");
    expect(done.vacuumed).not.toContain("public.mentor");

    await ctx.db.execute(sql`select pg_stat_clear_snapshot()`);
    expect((await state("lead")).changed).toBe(0);
    const rateLimits = await state("rate_limit");
    expect(rateLimits.dead).toBe(0);
    expect(rateLimits.vacuumed).toBe(rateLimitsBefore.vacuumed + 1);
    expect(await state("mentor")).toEqual(mentorsBefore);

    // Nothing changed since: nothing to do.
    expect(await keepTablesHealthy(ctx.db)).toEqual({ analysed: [], vacuumed: [] });
  });
});
