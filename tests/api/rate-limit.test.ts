import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitLimit, hitLimits, refundLimits } from "~/server/platform/rate-limit";
import { createTestApp, type TestContext } from "../helpers/app";

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
    // One second into the next window, nearly all of the previous one is still within the last 15 minutes.
    expect(await hitLimit(ctx.db, limit, boundary + 1000)).toBe(50);
    // Half-way through, half of it is.
    expect(await hitLimit(ctx.db, limit, boundary + WINDOW / 2)).toBe(2 + 25);
    // Once the previous window lies wholly outside, only this window's hits count.
    expect(await hitLimit(ctx.db, limit, boundary + WINDOW - 1)).toBe(3);
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
    const x = { key: "test:crossed:x", max: 100, windowMs: WINDOW };
    const y = { key: "test:crossed:y", max: 100, windowMs: WINDOW };
    const crossed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 3 === 2 ? refundLimits(ctx.db, i % 2 ? [y, x] : [x, y]) : hitLimits(ctx.db, i % 2 ? [y, x] : [x, y]))),
    );
    expect(crossed).toHaveLength(20);
    // 14 hits and 6 refunds, each refund after at least one hit or on a count of zero: never below zero.
    const [countX, countY] = await hitLimits(ctx.db, [x, y]);
    expect(countX).toBe(countY);
    expect(countX).toBeGreaterThanOrEqual(14 - 6 + 1);
    expect(countX).toBeLessThanOrEqual(14 + 1);
  });

  it("refuse a limit named twice in one statement (it would be counted once)", async () => {
    await expect(hitLimits(ctx.db, [a, { ...a }])).rejects.toThrow("counted twice");
  });
});
