import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { StaffRole } from "~/shared/roles";
import type { Db } from "../db/client";
import { staff, staffSession } from "../db/schema";
import { hmac, randomToken } from "./secrets";

export const SESSION_COOKIE = "ff_session";
/** Signed out after 8 hours without a request, and after 7 days in any case. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

/** The cookie of a server-side session: httpOnly, SameSite=Lax, Secure over https. */
export const sessionCookieOptions = (secure: boolean, maxAgeMs: number) =>
  ({ path: "/", httpOnly: true, sameSite: "lax", secure, maxAge: maxAgeMs / 1000 }) as const;

export interface SessionStaff {
  id: string;
  sessionId: string;
  email: string;
  name: string;
  roles: StaffRole[];
}

export async function createSession(
  db: Db,
  secret: string,
  staffId: string,
  meta: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db.insert(staffSession).values({
    id: hmac(secret, token),
    staffId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/**
 * How long a session read from the database is trusted without asking again. Every staff request
 * reads its session; at 10 s a busy screen asks once per 10 s instead of once per request. In this
 * process sign-out, a revoked session and a disabled or re-roled staff member take effect at once
 * (the entries are dropped); another process (a cluster worker, a second server) may still accept
 * the session for at most SESSION_CACHE_MS after such a change.
 */
export const SESSION_CACHE_MS = 10 * 1000;
/** Beyond this many cached sessions the cache starts over: memory stays bounded under any load. */
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  staff: SessionStaff;
  lastSeenAt: number;
  expiresAt: number;
  readAt: number;
}

/**
 * Keyed by the session's stored id (the token's HMAC), one map for the process: a revocation made
 * through a transaction handle still reaches it, and random tokens never collide between apps.
 */
const cache = new Map<string, CachedSession>();

/** The signed-in staff member behind a cookie token, or null when the session is gone, expired or idle. */
export async function readSession(db: Db, secret: string, token: string): Promise<SessionStaff | null> {
  const id = hmac(secret, token);
  const now = Date.now();
  const cached = cache.get(id);
  if (cached && now - cached.readAt < SESSION_CACHE_MS && cached.expiresAt > now && now - cached.lastSeenAt < SESSION_IDLE_MS) {
    touch(db, cached, id, now);
    return cached.staff;
  }
  cache.delete(id);
  const [row] = await db
    .select({
      sessionId: staffSession.id,
      lastSeenAt: staffSession.lastSeenAt,
      expiresAt: staffSession.expiresAt,
      id: staff.id,
      email: staff.email,
      name: staff.name,
      roles: staff.roles,
    })
    .from(staffSession)
    .innerJoin(staff, eq(staff.id, staffSession.staffId))
    .where(
      and(
        eq(staffSession.id, id),
        isNull(staffSession.revokedAt),
        gt(staffSession.expiresAt, new Date(now)),
        gt(staffSession.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
        isNull(staff.disabledAt),
      ),
    );
  if (!row) return null;
  const entry: CachedSession = {
    staff: { id: row.id, sessionId: row.sessionId, email: row.email, name: row.name, roles: row.roles as StaffRole[] },
    lastSeenAt: row.lastSeenAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    readAt: now,
  };
  if (cache.size >= SESSION_CACHE_MAX) cache.clear();
  cache.set(id, entry);
  touch(db, entry, id, now);
  return entry.staff;
}

/**
 * last_seen_at is written at most once a minute, and the request does not wait for it: the idle
 * limit is 8 hours, so a write that lands a few milliseconds later (or fails) changes nothing.
 */
function touch(db: Db, entry: CachedSession, id: string, now: number): void {
  if (now - entry.lastSeenAt <= TOUCH_EVERY_MS) return;
  entry.lastSeenAt = now;
  db.update(staffSession)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(staffSession.id, id))
    .then(
      () => {},
      () => {},
    );
}

export async function revokeSession(db: Db, secret: string, token: string): Promise<void> {
  const id = hmac(secret, token);
  cache.delete(id);
  await db
    .update(staffSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSession.id, id), isNull(staffSession.revokedAt)));
}

/** Signs the staff member out everywhere (disabled, roles changed, password reset). */
export async function revokeAllSessions(db: Db, staffId: string): Promise<void> {
  forgetStaffSessions(staffId);
  await db
    .update(staffSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt)));
}

/** Drops this process's cached sessions of one staff member: their next request reads the database. */
export function forgetStaffSessions(staffId: string): void {
  for (const [id, entry] of cache) if (entry.staff.id === staffId) cache.delete(id);
}

export async function pruneSessions(db: Db): Promise<void> {
  const now = new Date();
  await db
    .delete(staffSession)
    .where(
      or(
        lt(staffSession.expiresAt, now),
        lt(staffSession.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        lt(staffSession.revokedAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
      ),
    );
}
