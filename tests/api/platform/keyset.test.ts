// Issue 21 §4: one keyset predicate (platform/keyset.ts olderThan) in place of the hand-written
// `(created_at, id) < (…)` of each list and export. Paged through on the real engines, ties included.
import { and, desc, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lead } from "~/server/db/schema";
import { olderThan } from "~/server/platform/keyset";
import { leadFactory } from "../../fixtures/leads";
import { createTestApp, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let ids: string[];
beforeAll(async () => {
  ctx = await createTestApp();
  // Seven leads, three of them created at the very same microsecond: only the id tells those apart.
  const tie = new Date("2024-05-01T10:00:00.123Z");
  const times = [tie, tie, tie, new Date("2024-05-01T09:00:00Z"), new Date("2024-05-01T11:00:00Z"), new Date("2024-04-30T10:00:00Z"), new Date("2024-05-02T10:00:00Z")];
  ids = [];
  for (const createdAt of times) ids.push((await leadFactory(ctx.db, { createdAt })).id);
});
afterAll(() => ctx.close());

/** The test's leads, newest first, after `cursor`. */
const page = (cursor: Parameters<typeof olderThan>[2], limit: number) =>
  ctx.db
    .select({ id: lead.id, at: sql<string>`${lead.createdAt}::text` })
    .from(lead)
    .where(and(inArray(lead.id, ids), olderThan(lead.createdAt, lead.id, cursor)))
    .orderBy(desc(lead.createdAt), desc(lead.id))
    .limit(limit);

describe("olderThan (keyset paging)", () => {
  it("without a cursor adds no condition", async () => {
    expect(olderThan(lead.createdAt, lead.id, null)).toBeUndefined();
    expect(await page(null, 100)).toHaveLength(ids.length);
  });

  it("pages through every row once, in order, across rows that share their time", async () => {
    const everything = (await page(null, 100)).map((row) => row.id);
    for (const size of [1, 2, 3]) {
      const seen: string[] = [];
      let cursor: { at: string; id: string } | null = null;
      for (;;) {
        const rows = await page(cursor, size);
        if (rows.length === 0) break;
        seen.push(...rows.map((row) => row.id));
        const last = rows[rows.length - 1]!;
        cursor = { at: last.at, id: last.id };
      }
      expect(seen, `pages of ${size}`).toEqual(everything);
    }
  });

  it("takes a Date as the cursor's time, and placeholders of a prepared statement", async () => {
    const [first, second] = await page(null, 2);
    const [stored] = await ctx.db.select({ createdAt: lead.createdAt }).from(lead).where(inArray(lead.id, [first!.id]));
    // A JS Date keeps milliseconds only: these times have no microseconds, so it names the row exactly.
    expect((await page({ at: stored!.createdAt, id: first!.id }, 1))[0]!.id).toBe(second!.id);
    const prepared = ctx.db
      .select({ id: lead.id })
      .from(lead)
      .where(and(inArray(lead.id, ids), olderThan(lead.createdAt, lead.id, { at: sql.placeholder("at"), id: sql.placeholder("id") })))
      .orderBy(desc(lead.createdAt), desc(lead.id))
      .limit(1)
      .prepare("keyset_test_page");
    expect((await prepared.execute({ at: first!.at, id: first!.id }))[0]!.id).toBe(second!.id);
  });
});
