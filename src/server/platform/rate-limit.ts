import { eq, lt, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/client";
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
 * Limits in the order their rows are written: every statement that writes several counters locks
 * them in key order, so two such statements never wait for each other's rows in a cycle (PostgreSQL
 * would abort one as a deadlock).
 */
function inKeyOrder(limits: Limit[]): Limit[] {
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.key === sorted[i - 1]!.key) throw new Error(`Limit ${sorted[i]!.key} is counted twice in one statement`);
  }
  return sorted;
}

/**
 * Counts one event against each limit and returns the counts over each one's last `windowMs`, in the
 * order given — one statement that increments and returns, so concurrent requests never under-count
 * (one trip to the database for all of them: on the embedded one, each trip may wait behind staff work).
 *
 * Windows are fixed in the table but read as a sliding window: the previous window's count is
 * carried in proportion to how much of it still lies within the last `windowMs` (the common
 * sliding-window estimate). With fixed windows alone a guesser could spend the allowance just
 * before a window ends and again just after it — twice the limit within seconds.
 */
export async function hitLimits(db: Db, limits: Limit[], now = Date.now()): Promise<number[]> {
  if (limits.length === 0) return [];
  const sorted = inKeyOrder(limits);
  const starts = sorted.map((limit) => windowStart(limit.windowMs, now));
  const rows = sorted.map((limit, i) => sql`(${limit.key}, ${starts[i]!.toISOString()}::timestamptz, 1)`);
  const previous = sorted.map((limit, i) => sql`(${limit.key}, ${new Date(starts[i]!.getTime() - limit.windowMs).toISOString()}::timestamptz)`);
  const counted = rowsOf<{ key: string; count: number; previous: number }>(
    await db.execute(sql`
      insert into ${rateLimit} as r (key, window_start, count) values ${sql.join(rows, sql`, `)}
      on conflict (key, window_start) do update set count = r.count + 1
      returning r.key, r.count, coalesce((select p.count from ${rateLimit} p, (values ${sql.join(previous, sql`, `)}) as w (key, start)
        where w.key = r.key and p.key = w.key and p.window_start = w.start), 0) as previous`),
  );
  const byKey = new Map(counted.map((row) => [row.key, row]));
  return limits.map((limit) => {
    const row = byKey.get(limit.key)!;
    const stillInside = 1 - (now - windowStart(limit.windowMs, now).getTime()) / limit.windowMs;
    // Rounded, not floored: just after a window ends, floor(15 × 0.9999) counted the previous window's
    // 15 hits as 14, so the one request over a limit that straddled the boundary was let through.
    return Number(row.count) + Math.round(Number(row.previous) * stillInside);
  });
}

/** Counts one event against the limit and returns the count over the last `windowMs` (hitLimits). */
export async function hitLimit(db: Db, limit: Limit, now = Date.now()): Promise<number> {
  return (await hitLimits(db, [limit], now))[0]!;
}

/**
 * Gives back one event counted in this window to each limit (a sign-in that turned out right), never
 * below zero: one statement, the rows written in key order as hitLimits does (a window begun since
 * the hit gets a count of zero, which counts as none).
 */
export async function refundLimits(db: Db, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  const rows = inKeyOrder(limits).map((limit) => sql`(${limit.key}, ${windowStart(limit.windowMs).toISOString()}::timestamptz, 0)`);
  await db.execute(sql`
    insert into ${rateLimit} as r (key, window_start, count) values ${sql.join(rows, sql`, `)}
    on conflict (key, window_start) do update set count = greatest(r.count - 1, 0)`);
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
 * Counts one event against every limit (one atomic statement, all counted even when one is already
 * spent) and refuses it with 429 when any allowance is spent.
 */
export async function enforceLimits(db: Db, limits: Limit[], message: string): Promise<void> {
  const counts = await hitLimits(db, limits);
  const exceeded = limits.filter((limit, index) => counts[index]! > limit.max);
  if (exceeded.length > 0) {
    throw new AppError("rate_limited", message, undefined, Math.max(...exceeded.map((limit) => retryAfterSeconds(limit.windowMs))));
  }
}

export async function pruneRateLimits(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db.delete(rateLimit).where(lt(rateLimit.windowStart, new Date(Date.now() - olderThanMs)));
}
