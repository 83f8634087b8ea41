import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { candidateSession } from "../db/schema";
import { hmac, randomToken } from "./secrets";
import { sessionCookieOptions } from "./sessions";

/**
 * Candidates' sessions (PRODUCT.md §2): their own cookie and table, apart from staff sessions,
 * limited to one e-mail address. Stored like staff sessions: the row id is an HMAC of the token.
 */
export const CANDIDATE_COOKIE = "ff_candidate";
export const CANDIDATE_SESSION_MS = 7 * 24 * 60 * 60 * 1000;

export const candidateCookieOptions = (secure: boolean) => sessionCookieOptions(secure, CANDIDATE_SESSION_MS);

export async function createCandidateSession(db: Db, secret: string, email: string): Promise<string> {
  const token = randomToken();
  await db.insert(candidateSession).values({ id: hmac(secret, token), email, expiresAt: new Date(Date.now() + CANDIDATE_SESSION_MS) });
  return token;
}

/** The address a cookie token stands for, or null when the session ended or never was. */
export async function readCandidateSession(db: Db, secret: string, token: string): Promise<{ email: string } | null> {
  const [row] = await db
    .select({ email: candidateSession.email })
    .from(candidateSession)
    .where(and(eq(candidateSession.id, hmac(secret, token)), isNull(candidateSession.revokedAt), gt(candidateSession.expiresAt, new Date())));
  return row ?? null;
}

export async function revokeCandidateSession(db: Db, secret: string, token: string): Promise<void> {
  await db.update(candidateSession).set({ revokedAt: new Date() }).where(eq(candidateSession.id, hmac(secret, token)));
}

export async function pruneCandidateSessions(db: Db): Promise<void> {
  const now = new Date();
  await db
    .delete(candidateSession)
    .where(or(lt(candidateSession.expiresAt, now), lt(candidateSession.revokedAt, new Date(now.getTime() - CANDIDATE_SESSION_MS))));
}
