import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { StaffUser } from "~/shared/schemas/auth";
import type { StaffRole } from "~/shared/roles";
import type { Db } from "../../db/client";
import { auditEvent, staff, staffSession } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { hitLimit, hitLimits, refundLimits, retryAfterSeconds, type Limit } from "../../platform/rate-limit";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "../staff/passwords";

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in attempts allowed per 15 minutes (OWASP's authentication guidance: throttle the pair of
 * account and client, not the account alone, so someone else's failures never lock the owner out):
 * - perAccountAndAddress: one account from one address — what a guesser at one address gets;
 * - perAddress: one address across accounts — stops one address trying many accounts;
 * - perAccount: one account from addresses it has never signed in from, together — stops a guess
 *   spread over many addresses; the owner's own addresses (where a session of theirs began) are
 *   not held back by it.
 * A correct sign-in gives its attempt back, so only failures use up the allowance.
 */
export const LOGIN_LIMITS = { perAccountAndAddress: 5, perAddress: 20, perAccount: 50 } as const;
export const LOGIN_WINDOW_MS = WINDOW_MS;
export const LOCKOUT_ACTION = "login.lockout";
export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a few minutes and try again.";

type LimitKind = keyof typeof LOGIN_LIMITS;
const limitFor = (kind: LimitKind, key: string): Limit & { kind: LimitKind } => ({
  kind,
  key: `login:${kind}:${key}`,
  max: LOGIN_LIMITS[kind],
  windowMs: WINDOW_MS,
});

/**
 * The account with this e-mail and whether it has ever started a session from this address (sessions
 * keep their address): one statement, so a sign-in waits for the database once here, not twice (on
 * the embedded database each statement may queue behind running staff work).
 */
async function findAccount(db: Db, email: string, ip: string) {
  const [row] = await db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      roles: staff.roles,
      passwordHash: staff.passwordHash,
      disabledAt: staff.disabledAt,
      // Spelt out: drizzle leaves a select's column names unqualified, and `id` would be the session's.
      knownAddress: sql<boolean>`exists (select 1 from ${staffSession} as s where s.staff_id = "staff"."id" and s.ip = ${ip})`,
    })
    .from(staff)
    .where(eq(staff.email, email.trim().toLowerCase()));
  return row ?? null;
}

export interface SignInContext {
  ip: string;
  log?: FastifyBaseLogger;
}

/** A sign-in whose e-mail and password were right: the account, and the limits its attempt was counted against. */
export interface CheckedSignIn {
  user: StaffUser & { id: string };
  limits: Limit[];
  /** The password hashed again with today's cost, when the stored hash was made with another one. */
  rehashed?: string;
}

/**
 * Checks e-mail and password with the same answer for every failure. Every limit is counted first,
 * by one statement that increments and returns the new counts (platform/rate-limit.ts), and the
 * password is only checked when all are within bounds: however many attempts arrive at once, at
 * most the allowance reaches the (deliberately slow) password check. The account is looked up in
 * the same trip to the database as the counting (on the embedded database each trip may wait for the
 * staff work running when it arrives); an address the account has not signed in from is counted
 * against the account's own limit too, once the lookup has said so.
 */
export async function checkSignIn(db: Db, email: string, password: string, context: SignInContext): Promise<CheckedSignIn> {
  const { ip } = context;
  const limits = [limitFor("perAccountAndAddress", `${email}|${ip}`), limitFor("perAddress", ip)];
  const [row, counts] = await Promise.all([findAccount(db, email, ip), hitLimits(db, limits)]);
  if (!row?.knownAddress) {
    const perAccount = limitFor("perAccount", email);
    limits.push(perAccount);
    counts.push(await hitLimit(db, perAccount));
  }
  const exceeded = limits.filter((limit, index) => counts[index]! > limit.max);
  if (exceeded.length > 0) {
    await recordLockouts(db, limits, counts, row?.id ?? null, context);
    throw new AppError("rate_limited", TOO_MANY_ATTEMPTS, undefined, retryAfterSeconds(WINDOW_MS));
  }

  const ok = row ? await verifyPassword(row.passwordHash, password) : await verifyPassword(await dummyPasswordHash(), password).then(() => false);
  if (!row || !ok || row.disabledAt) throw new AppError("unauthenticated", "Invalid email or password");
  const rehashed = needsRehash(row.passwordHash) ? await hashPassword(password) : undefined;
  return { user: { id: row.id, name: row.name, email: row.email, roles: row.roles as StaffRole[] }, limits, rehashed };
}

/**
 * What a right sign-in changes: its attempt is given back (only failures use up the allowance), the
 * account's last sign-in is noted and a hash of an older cost replaced. The caller sends it together
 * with the new session's insert, so the embedded database's worker runs them one after the other in one trip.
 */
export async function recordSignIn(db: Db, { user, limits, rehashed }: CheckedSignIn): Promise<void> {
  // drizzle leaves a column whose value is undefined out of the update: a current hash stays as it is.
  await Promise.all([refundLimits(db, limits), db.update(staff).set({ lastLoginAt: new Date(), passwordHash: rehashed }).where(eq(staff.id, user.id))]);
}

/**
 * A lockout begins when a count first passes its limit in a window: logged (without the e-mail
 * address) and recorded as an audit event, so lockouts can be counted and watched.
 */
async function recordLockouts(db: Db, limits: (Limit & { kind: LimitKind })[], counts: number[], staffId: string | null, context: SignInContext) {
  for (const [index, limit] of limits.entries()) {
    if (counts[index] !== limit.max + 1) continue;
    context.log?.warn({ lockout: limit.kind, staffId, ip: context.ip, windowMinutes: WINDOW_MS / 60_000 }, "sign-in lockout");
    await db.insert(auditEvent).values({
      actorStaffId: null,
      action: LOCKOUT_ACTION,
      subject: staffId ?? "unknown-account",
      detail: { limit: limit.kind, ip: context.ip },
    });
  }
}
