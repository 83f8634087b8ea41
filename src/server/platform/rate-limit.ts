import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimit } from "../db/schema";
import { AppError } from "./errors";

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

function windowStart(windowMs: number, now = Date.now()): Date {
  return new Date(Math.floor(now / windowMs) * windowMs);
}

/**
 * Counts one event against the limit and returns the count over the last `windowMs` — one statement
 * that increments and returns, so concurrent requests never under-count.
 *
 * Windows are fixed in the table but read as a sliding window: the previous window's count is
 * carried in proportion to how much of it still lies within the last `windowMs` (the common
 * sliding-window estimate). With fixed windows alone a guesser could spend the allowance just
 * before a window ends and again just after it — twice the limit within seconds.
 */
export async function hitLimit(db: Db, limit: Limit, now = Date.now()): Promise<number> {
  const start = windowStart(limit.windowMs, now);
  const previousStart = new Date(start.getTime() - limit.windowMs).toISOString();
  const [row] = await db
    .insert(rateLimit)
    .values({ key: limit.key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimit.key, rateLimit.windowStart],
      set: { count: sql`${rateLimit.count} + 1` },
    })
    .returning({
      count: rateLimit.count,
      previous: sql<number>`coalesce((select p.count from rate_limit p where p.key = ${limit.key} and p.window_start = ${previousStart}::timestamptz), 0)`,
    });
  const stillInside = 1 - (now - start.getTime()) / limit.windowMs;
  return row!.count + Math.floor(Number(row!.previous) * stillInside);
}

/** Gives back one event counted in this window (a sign-in that turned out right), never below zero. */
export async function refundLimit(db: Db, limit: Limit): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(and(eq(rateLimit.key, limit.key), eq(rateLimit.windowStart, windowStart(limit.windowMs))));
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key));
}

export function retryAfterSeconds(windowMs: number, now = Date.now()): number {
  return Math.ceil((windowStart(windowMs, now).getTime() + windowMs - now) / 1000);
}

/** Counts the event and refuses it with 429 once the window's allowance is spent. */
export async function enforceLimit(db: Db, limit: Limit, message: string): Promise<void> {
  const count = await hitLimit(db, limit);
  if (count > limit.max) throw new AppError("rate_limited", message, undefined, retryAfterSeconds(limit.windowMs));
}

/**
 * Counts one event against every limit (each by its own atomic statement, all counted even when one
 * is already spent) and refuses it with 429 when any allowance is spent.
 */
export async function enforceLimits(db: Db, limits: Limit[], message: string): Promise<void> {
  const counts = await Promise.all(limits.map((limit) => hitLimit(db, limit)));
  const exceeded = limits.filter((limit, index) => counts[index]! > limit.max);
  if (exceeded.length > 0) {
    throw new AppError("rate_limited", message, undefined, Math.max(...exceeded.map((limit) => retryAfterSeconds(limit.windowMs))));
  }
}

export async function pruneRateLimits(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db.delete(rateLimit).where(lt(rateLimit.windowStart, new Date(Date.now() - olderThanMs)));
}
