// The lead table's planner statistics, kept by the import itself (lead-statistics.ts): a table that
// grew without an analysis (seeded, or written with autovacuum off, or on the embedded database,
// which has none) had its mobiles looked up through the trigram index, and in CI a 150,000-row import
// into 25,000 such leads slowed to 25 s a batch and never finished.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/server/db/client";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";
import { leadsNamed } from "~/server/features/crm/import";
import { ANALYZE_AFTER_ROWS, LeadStatistics } from "~/server/features/crm/lead-statistics";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { multipart } from "../../helpers/multipart";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

/** `count` leads with mobiles, written as a seed or another program would: straight into the table, no analysis. */
async function seedLeads(tag: string, count: number, firstMobile: number): Promise<void> {
  await ctx.db.execute(sql`
    insert into lead (email, full_name, mobile, source_type)
    select ${tag} || g || '@example.com', 'Seeded ' || g, '+91 ' || (${firstMobile}::bigint + g)::text, 'csv_import'
    from generate_series(1, ${count}::int) as g`);
}

/** The indexes the import's lookup of one mobile (and no e-mail) reads, as the planner chooses now. */
async function mobileLookupIndexes(mobile: string): Promise<string[]> {
  const statement = leadsNamed(sql`lead`, [], [mobile], sql`id`);
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(await ctx.db.execute(sql`explain (format json) ${statement}`));
  const plan = typeof row!["QUERY PLAN"] === "string" ? JSON.parse(row!["QUERY PLAN"]) : row!["QUERY PLAN"];
  return [...JSON.stringify(plan).matchAll(/"Index Name":\s*"([^"]+)"/g)].map((match) => match[1]!);
}

const analyses = async () => rowsOf<{ n: number }>(await ctx.db.execute(sql`select analyze_count::int as n from pg_stat_user_tables where relname = 'lead'`))[0]!.n;

describe("an import keeps the lead table's statistics itself", () => {
  it("a table that grew unanalysed is analysed before the first lookup, which then finds mobiles through their B-tree", async () => {
    await seedLeads("seeded", 20_000, 9_100_000_000);
    const estimate = async () => rowsOf<{ n: number }>(await ctx.db.execute(sql`select reltuples::int as n from pg_class where relname = 'lead'`))[0]!.n;
    expect(await estimate(), "never analysed").toBe(-1);

    const row = LEAD_CSV_COLUMNS.map((column) => (column === "Email IDs" ? "first.import@example.com" : column === "Mobile" ? "+91 9300000001" : "")).join(",");
    const body = multipart("file", "leads.csv", Buffer.from(`${LEAD_CSV_COLUMNS.join(",")}\n${row}\n`), "text/csv");
    const response = await ctx.app.inject({ method: "POST", url: "/api/crm/sync-csv", ...body, headers: { ...body.headers, cookie: sales.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1 });

    // One lead written is far below the after-import analysis (10,000): this one came first.
    expect(await estimate()).toBeGreaterThanOrEqual(20_000 * 0.9);
    const indexes = await mobileLookupIndexes("+91 9100000123");
    expect(indexes).toContain("lead_mobile_idx");
    expect(indexes).not.toContain("lead_mobile_trgm_idx");
  });

  it("is analysed again as an import doubles it (at least every 10,000 new leads), and not for a few", async () => {
    const statistics = new LeadStatistics(ctx.db);
    await statistics.prepare();
    const before = await analyses();
    // The table holds ~20,000 leads since its last analysis: growing by fewer is not enough.
    await statistics.grew(ANALYZE_AFTER_ROWS);
    expect(await analyses()).toBe(before);
    await seedLeads("grown", 21_000, 9_200_000_000);
    await statistics.grew(21_000);
    expect(await analyses()).toBe(before + 1);
    // Counted from that analysis on: another thousand is not a doubling.
    await statistics.grew(22_000);
    expect(await analyses()).toBe(before + 1);
  });
});
