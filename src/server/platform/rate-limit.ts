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

/** Counts one event against the limit and returns the count so far in this window. */
export async function hitLimit(db: Db, limit: Limit): Promise<number> {
  const [row] = await db
    .insert(rateLimit)
    .values({ key: limit.key, windowStart: windowStart(limit.windowMs), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimit.key, rateLimit.windowStart],
      set: { count: sql`${rateLimit.count} + 1` },
    })
    .returning({ count: rateLimit.count });
  return row!.count;
}

/** Gives back one event counted in this window (a sign-in that turned out right), never below zero. */
export async function refundLimit(db: Db, limit: Limit): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(and(eq(rateLimit.key, limit.key), eq(rateLimit.windowStart, windowStart(limit.windowMs))));
}

export async function countLimit(db: Db, limit: Limit): Promise<number> {
  const [row] = await db
    .select({ count: rateLimit.count })
    .from(rateLimit)
    .where(and(eq(rateLimit.key, limit.key), eq(rateLimit.windowStart, windowStart(limit.windowMs))));
  return row?.count ?? 0;
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

export async function pruneRateLimits(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db.delete(rateLimit).where(lt(rateLimit.windowStart, new Date(Date.now() - olderThanMs)));
}
