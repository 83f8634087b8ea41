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
 * The signed-in staff member behind a cookie token, or null when the session is gone, expired or idle.
 * Read from the database on every request, never from a per-process cache: with several workers (or
 * hosts) a sign-out, a revoked session or a disabled account written by one process must be refused
 * by the others on their very next request (a 10 s cache once let a signed-out cookie through on the
 * other worker). The read is one primary-key lookup joined to its staff row.
 */
export async function readSession(db: Db, secret: string, token: string): Promise<SessionStaff | null> {
  const id = hmac(secret, token);
  const now = Date.now();
  const [row] = await db
    .select({
      sessionId: staffSession.id,
      lastSeenAt: staffSession.lastSeenAt,
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
  touch(db, id, row.lastSeenAt.getTime(), now);
  return { id: row.id, sessionId: row.sessionId, email: row.email, name: row.name, roles: row.roles as StaffRole[] };
}

/**
 * last_seen_at is written at most once a minute, and the request does not wait for it: the idle
 * limit is 8 hours, so a write that lands a few milliseconds later (or fails) changes nothing.
 */
function touch(db: Db, id: string, lastSeenAt: number, now: number): void {
  if (now - lastSeenAt <= TOUCH_EVERY_MS) return;
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
  await db
    .update(staffSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSession.id, id), isNull(staffSession.revokedAt)));
}

/** Signs the staff member out everywhere (disabled, roles changed, password reset). */
export async function revokeAllSessions(db: Db, staffId: string): Promise<void> {
  await db
    .update(staffSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt)));
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
