import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitLimit, hitLimits, refundLimits } from "~/server/platform/rate-limit";
import { createTestApp, type TestContext } from "../../helpers/app";

/** The shared limiter: atomic counts, read as a sliding window across the table's fixed windows. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const WINDOW = 15 * 60 * 1000;
const boundary = Math.floor(Date.now() / WINDOW) * WINDOW;

describe("hitLimit", () => {
  it("counts every concurrent hit once", async () => {
    const limit = { key: "test:concurrent", max: 5, windowMs: WINDOW };
    const counts = await Promise.all(Array.from({ length: 20 }, () => hitLimit(ctx.db, limit, boundary + 1000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("does not start over when a window ends: the previous window counts for the part still within the last 15 minutes", async () => {
    const limit = { key: "test:boundary", max: 50, windowMs: WINDOW };
    for (let i = 0; i < 50; i++) await hitLimit(ctx.db, limit, boundary - 2000);
    // One second into the next window, the previous one's hits (two seconds before it) are all still within the last 15 minutes.
    expect(await hitLimit(ctx.db, limit, boundary + 1000)).toBe(51);
    // Half-way through, half of it is.
    expect(await hitLimit(ctx.db, limit, boundary + WINDOW / 2)).toBe(2 + 25);
    // Once the previous window lies wholly outside, only this window's hits count.
    expect(await hitLimit(ctx.db, limit, boundary + WINDOW - 1)).toBe(3);
  });

  it("refuses the one hit over the limit when the hits before it straddle a window's end", async () => {
    // 15 hits just before the boundary and 6 just after: the 21st is over a limit of 20. Rounded down,
    // the previous window's 15 read as 14 a moment after the boundary, and it was let through (a CI
    // run's sign-in test met this when its loop crossed a quarter hour).
    const limit = { key: "test:straddle", max: 20, windowMs: WINDOW };
    for (let i = 0; i < 15; i++) await hitLimit(ctx.db, limit, boundary - 500);
    const after = [];
    for (let i = 0; i < 6; i++) after.push(await hitLimit(ctx.db, limit, boundary + 100));
    expect(after).toEqual([16, 17, 18, 19, 20, 21]);
  });

  it("gives back a refunded hit", async () => {
    const limit = { key: "test:refund", max: 5, windowMs: WINDOW };
    await hitLimit(ctx.db, limit);
    await hitLimit(ctx.db, limit);
    await refundLimits(ctx.db, [limit]);
    expect(await hitLimit(ctx.db, limit)).toBe(2);
  });
});

describe("hitLimits and refundLimits: several limits in one statement", () => {
  const a = { key: "test:several:a", max: 5, windowMs: WINDOW };
  const b = { key: "test:several:b", max: 5, windowMs: 60 * 60 * 1000 };
  const c = { key: "test:several:c", max: 5, windowMs: WINDOW };

  it("count each limit once, answer in the order asked, and give each back", async () => {
    await hitLimit(ctx.db, b);
    expect(await hitLimits(ctx.db, [c, a, b])).toEqual([1, 1, 2]);
    expect(await hitLimits(ctx.db, [b, a])).toEqual([3, 2]);
    await refundLimits(ctx.db, [b, a, c]);
    expect(await hitLimits(ctx.db, [a, b, c])).toEqual([2, 3, 1]);
    expect(await hitLimits(ctx.db, [])).toEqual([]);
  });

  it("count exactly when many requests hit the same limits at once, in either order, without a deadlock", async () => {
    // Ten counters hit and refunded forwards and backwards at once: written in the order given, two
    // statements would each hold a row the other waits for (PostgreSQL aborts one as a deadlock).
    const keys = Array.from({ length: 10 }, (_, i) => ({ key: `test:crossed:${i}`, max: 1_000, windowMs: WINDOW }));
    const backwards = [...keys].reverse();
    const hits = 60;
    const refunds = 20;
    await Promise.all([
      ...Array.from({ length: hits }, (_, i) => hitLimits(ctx.db, i % 2 ? backwards : keys)),
      ...Array.from({ length: refunds }, (_, i) => refundLimits(ctx.db, i % 2 ? backwards : keys)),
    ]);
    const counts = await hitLimits(ctx.db, keys);
    // Every counter alike; a refund that came before any hit found nothing to give back.
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThanOrEqual(hits - refunds + 1);
    expect(counts[0]).toBeLessThanOrEqual(hits + 1);
  });

  it("refuse a limit named twice in one statement (it would be counted once)", async () => {
    await expect(hitLimits(ctx.db, [a, { ...a }])).rejects.toThrow("counted twice");
  });
});
