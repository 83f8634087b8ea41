import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitLimit, refundLimit } from "~/server/platform/rate-limit";
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
    await refundLimit(ctx.db, limit);
    expect(await hitLimit(ctx.db, limit)).toBe(2);
  });
});
