import { randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { CODE_MAX_FAILURES, CODE_TTL_MINUTES } from "~/shared/schemas/candidate-auth";
import type { Db } from "../../db/client";
import { candidateKnownAddress, candidateLoginCode, candidateSignIn, simulationReport } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { hmac } from "../../platform/secrets";
import { queueMailWithSecret } from "../../platform/mail/outbox";
import { loginCodeMail } from "./mail";

/**
 * Wrong codes entered in a row for one e-mail address, across its codes, before a code is only sent
 * to (and checked for) a client address the candidate signed in from before (NIST SP 800-63B
 * §5.2.2: at most 100). A successful sign-in sets the count back to zero, and so does staff's unlock.
 */
export const CONSECUTIVE_FAILURE_CAP = 100;
/** Live codes one e-mail address may have that were asked for from addresses not known for it. */
export const LIVE_CODES_FROM_NEW_ADDRESSES = 5;
/** A known client address is forgotten this long after its last sign-in. */
export const KNOWN_ADDRESS_DAYS = 180;

/** The code is bound to its address in the hash, so a row cannot be replayed for another one. */
const codeHash = (secret: string, email: string, code: string) => hmac(secret, `candidate-code:${email}:${code}`);

/** A client address as stored for one e-mail address: an HMAC of both, so no table holds the address in clear. */
export const addressKey = (secret: string, email: string, ip: string) => hmac(secret, `candidate-address:${email}|${ip}`);

export interface CodeClient {
  ip: string;
  /** The candidate signed in from this address before (`isKnownAddress`). */
  known: boolean;
}

/** Why a code did not sign in, told apart (issue 20 §1.8): each says what to do next. */
export const wrongCode = (triesLeft: number) =>
  triesLeft > 0
    ? `That code is not right. Please check it and try again: ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`
    : CODE_TOO_MANY_TRIES;
export const CODE_TOO_MANY_TRIES = `This code had ${CODE_MAX_FAILURES} wrong tries and no longer works. Please request a new code.`;
export const CODE_EXPIRED = `This code has expired (a code works for ${CODE_TTL_MINUTES} minutes). Please request a new code.`;
export const CODE_ALREADY_USED = "This code was already used, or a newer code replaced it. Please use the code in our latest email, or request a new code.";
export const NO_CODE = "No sign-in code is waiting for this email address. Please request a new code.";
/** Kept for callers that only need to know a code is finished (any of the three reasons above). */
export const CODE_USED_UP_MESSAGES = [CODE_TOO_MANY_TRIES, CODE_EXPIRED, CODE_ALREADY_USED, NO_CODE] as const;
export const CODE_ALREADY_SENT =
  "A sign-in code was already sent to this email address a few minutes ago. Please use the code in that email, or ask for a new one when it has expired.";
export const EMAIL_LOCKED =
  "Too many wrong codes were entered for this email address, so a new code can only be asked for from a device that has signed in before. Please use one, or contact us to unlock your sign-in.";
export const CODE_LOCKED =
  "Too many wrong codes were entered for this email address, so this code can no longer be checked. Please ask for a new code from a device that has signed in before, or contact us to unlock your sign-in.";

/** Whether the candidate signed in successfully from this client address within the last 180 days. */
export async function isKnownAddress(db: Db, secret: string, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ key: candidateKnownAddress.key })
    .from(candidateKnownAddress)
    .where(and(eq(candidateKnownAddress.key, addressKey(secret, email, ip)), gt(candidateKnownAddress.lastSignedInAt, knownSince())));
  return !!row;
}

const knownSince = () => new Date(Date.now() - KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000);

/** Records a client address the candidate signed in from (or renews it). */
export async function rememberAddress(db: Db, secret: string, email: string, ip: string): Promise<void> {
  await db
    .insert(candidateKnownAddress)
    .values({ key: addressKey(secret, email, ip), email })
    .onConflictDoUpdate({ target: candidateKnownAddress.key, set: { lastSignedInAt: sql`now()` } });
}

/**
 * Locks the address's sign-in row until the transaction ends (creating it when new) and returns its
 * count of consecutive wrong codes. Every code request and check of one address runs under this lock,
 * so the live-code and failure caps are exact however many requests arrive at once.
 */
async function lockSignIn(tx: Db, email: string): Promise<number> {
  const [row] = await tx
    .insert(candidateSignIn)
    .values({ email })
    .onConflictDoUpdate({ target: candidateSignIn.email, set: { updatedAt: sql`now()` } })
    .returning({ failures: candidateSignIn.consecutiveFailures });
  return row!.failures;
}

/** Codes of the address that still work: not used, not expired, tries left. */
const liveCodesOf = (email: string, now: Date) =>
  and(
    eq(candidateLoginCode.email, email),
    isNull(candidateLoginCode.usedAt),
    gt(candidateLoginCode.expiresAt, now),
    lt(candidateLoginCode.failedAttempts, CODE_MAX_FAILURES),
  );

/**
 * Makes a new 6-digit code for the address and queues it by e-mail. It replaces the code this same
 * client address asked for before; codes asked for from other addresses keep working, so nobody
 * can cancel the owner's code. At most five live codes from addresses not known for the e-mail;
 * past the failure cap, only a known address gets a code. The code is kept in no table in clear:
 * here as an HMAC, in the outbox sealed until sent or expired. Returns the code only so that a
 * development server without SMTP can print it.
 */
export async function sendLoginCode(db: Db, secret: string, email: string, client: CodeClient, publicBaseUrl: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const [reports] = await db.select({ n: count() }).from(simulationReport).where(eq(simulationReport.email, email));
  const requestedFrom = addressKey(secret, email, client.ip);
  const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60 * 1000);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const failures = await lockSignIn(txDb, email);
    if (!client.known && failures >= CONSECUTIVE_FAILURE_CAP) throw new AppError("rate_limited", EMAIL_LOCKED, { email: EMAIL_LOCKED });
    const now = new Date();
    await txDb
      .update(candidateLoginCode)
      .set({ usedAt: now })
      .where(and(eq(candidateLoginCode.email, email), eq(candidateLoginCode.requestedFrom, requestedFrom), isNull(candidateLoginCode.usedAt)));
    if (!client.known) {
      const live = await txDb
        .select({ expiresAt: candidateLoginCode.expiresAt })
        .from(candidateLoginCode)
        .where(and(liveCodesOf(email, now), eq(candidateLoginCode.fromKnownAddress, false)))
        .orderBy(asc(candidateLoginCode.expiresAt));
      if (live.length >= LIVE_CODES_FROM_NEW_ADDRESSES) {
        const retryAfter = Math.max(1, Math.ceil((live[0]!.expiresAt.getTime() - now.getTime()) / 1000));
        throw new AppError("rate_limited", CODE_ALREADY_SENT, { email: CODE_ALREADY_SENT }, retryAfter);
      }
    }
    await txDb
      .insert(candidateLoginCode)
      .values({ email, codeHash: codeHash(secret, email, code), expiresAt, requestedFrom, fromKnownAddress: client.known });
  });
  // Queued after the commit, so the worker's wake-up finds it at once (a person is waiting for it).
  await queueMailWithSecret(db, secret, await loginCodeMail(email, reports!.n, publicBaseUrl), { value: code, expiresAt });
  return code;
}

type Outcome = { kind: "signed-in" } | { kind: "wrong"; triesLeft: number } | { kind: "used-up" } | { kind: "locked" };

/**
 * Why no live code signed in: the state of the code the candidate typed when it is one of the
 * address's finished codes (so an old e-mail's code is told "replaced", not "wrong"), else of the
 * newest code. Finished codes only: telling a dead code's state helps no guesser.
 */
async function finishedCodeMessage(db: Db, email: string, given: Buffer, now: Date): Promise<{ typed: boolean; message: string | null }> {
  const rows = await db
    .select()
    .from(candidateLoginCode)
    .where(eq(candidateLoginCode.email, email))
    .orderBy(desc(candidateLoginCode.createdAt))
    .limit(20);
  const typed = rows.find((row) => {
    const expected = Buffer.from(row.codeHash);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  const row = typed ?? rows[0];
  if (!row) return { typed: false, message: NO_CODE };
  const state = (message: string | null) => ({ typed: !!typed, message });
  if (row.usedAt === null && row.expiresAt > now && row.failedAttempts < CODE_MAX_FAILURES) return state(null);
  if (row.failedAttempts >= CODE_MAX_FAILURES) return state(CODE_TOO_MANY_TRIES);
  if (row.usedAt !== null) return state(CODE_ALREADY_USED);
  return state(CODE_EXPIRED);
}

/**
 * Checks the code against the address's live codes (any of them: the candidate may open any of the
 * e-mails). Each code works once, within 10 minutes, and gets five tries: a try is taken from a code
 * by one statement that only succeeds while tries are left, before the comparison, so however many
 * guesses arrive at once no code is compared more than five times. Each wrong comparison counts
 * towards the address's 100 consecutive failures; past them only codes asked for from a known
 * address are checked. A successful sign-in ends the address's other codes, sets the count back to
 * zero and records the client address as known.
 */
export async function verifyLoginCode(db: Db, secret: string, email: string, code: string, client: CodeClient): Promise<void> {
  const given = Buffer.from(codeHash(secret, email, code));
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const txDb = tx as unknown as Db;
    const failures = await lockSignIn(txDb, email);
    const now = new Date();
    const live = await txDb
      .select({ id: candidateLoginCode.id, fromKnownAddress: candidateLoginCode.fromKnownAddress })
      .from(candidateLoginCode)
      .where(liveCodesOf(email, now))
      .orderBy(desc(candidateLoginCode.fromKnownAddress), desc(candidateLoginCode.createdAt));
    // No more comparisons than failures are left before the cap, except with codes a known address asked for.
    let left = Math.max(0, CONSECUTIVE_FAILURE_CAP - failures);
    const eligible = live.filter((row) => row.fromKnownAddress || left-- > 0).map((row) => row.id);
    if (eligible.length === 0) return { kind: live.length > 0 ? "locked" : "used-up" };
    // The five-tries rule in one statement: a try is taken only from a code that has one left.
    const tried = await txDb
      .update(candidateLoginCode)
      .set({ failedAttempts: sql`${candidateLoginCode.failedAttempts} + 1` })
      .where(and(inArray(candidateLoginCode.id, eligible), liveCodesOf(email, now)))
      .returning({ id: candidateLoginCode.id, codeHash: candidateLoginCode.codeHash, failedAttempts: candidateLoginCode.failedAttempts });
    if (tried.length === 0) return { kind: "used-up" };
    const match = tried.find((row) => {
      const expected = Buffer.from(row.codeHash);
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!match) {
      await txDb
        .update(candidateSignIn)
        .set({ consecutiveFailures: sql`${candidateSignIn.consecutiveFailures} + ${tried.length}` })
        .where(eq(candidateSignIn.email, email));
      // The tries of the code with the most left: the one the candidate most likely has in front of them.
      return { kind: "wrong", triesLeft: Math.max(...tried.map((row) => CODE_MAX_FAILURES - row.failedAttempts)) };
    }
    // Once only; the address's other codes end with this sign-in.
    const used = await txDb
      .update(candidateLoginCode)
      .set({ usedAt: now })
      .where(and(eq(candidateLoginCode.email, email), isNull(candidateLoginCode.usedAt)))
      .returning({ id: candidateLoginCode.id });
    if (!used.some((row) => row.id === match.id)) return { kind: "used-up" };
    await txDb.update(candidateSignIn).set({ consecutiveFailures: 0 }).where(eq(candidateSignIn.email, email));
    await rememberAddress(txDb, secret, email, client.ip);
    return { kind: "signed-in" };
  });
  if (outcome.kind === "signed-in") return;
  if (outcome.kind === "locked") throw new AppError("rate_limited", CODE_LOCKED, { code: CODE_LOCKED });
  // A code from an older e-mail that was replaced or has expired is told so, not called wrong.
  const finished = await finishedCodeMessage(db, email, given, new Date());
  const message =
    outcome.kind === "wrong" ? ((finished.typed && finished.message) || wrongCode(outcome.triesLeft)) : (finished.message ?? CODE_ALREADY_USED);
  throw new AppError("invalid", message, { code: message });
}

/** Staff's unlock (`npm run candidate -- unlock <email>`): the wrong codes in a row go back to zero. */
export async function unlockCandidateSignIn(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .update(candidateSignIn)
    .set({ consecutiveFailures: 0, updatedAt: sql`now()` })
    .where(eq(candidateSignIn.email, email))
    .returning({ email: candidateSignIn.email });
  return !!row;
}

/** Wrong codes entered in a row for the address (0 when none). */
export async function consecutiveFailuresOf(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ n: candidateSignIn.consecutiveFailures }).from(candidateSignIn).where(eq(candidateSignIn.email, email));
  return row?.n ?? 0;
}

/** Housekeeping: known addresses unused for 180 days, and sign-in rows with nothing to remember. */
export async function pruneCandidateSignIn(db: Db): Promise<void> {
  await db.delete(candidateKnownAddress).where(lt(candidateKnownAddress.lastSignedInAt, knownSince()));
  await db
    .delete(candidateSignIn)
    .where(and(eq(candidateSignIn.consecutiveFailures, 0), lt(candidateSignIn.updatedAt, new Date(Date.now() - 24 * 60 * 60 * 1000))));
}
