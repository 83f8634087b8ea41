import { randomInt, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { CODE_MAX_FAILURES, CODE_TTL_MINUTES } from "~/shared/schemas/candidate-auth";
import type { Db } from "../../db/client";
import { candidateLoginCode, simulationReport } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { hmac } from "../../platform/secrets";
import { queueMailWithSecret } from "../../platform/mail/outbox";
import { loginCodeMail } from "./mail";

/** The code is bound to its address in the hash, so a row cannot be replayed for another one. */
const codeHash = (secret: string, email: string, code: string) => hmac(secret, `candidate-code:${email}:${code}`);

/**
 * Makes a new 6-digit code for the address (earlier ones stop working) and queues it by e-mail. The
 * code is kept in no table in clear: here as an HMAC, in the outbox sealed until sent or expired.
 * Returns the code only so that a development server without SMTP can print it.
 */
export async function sendLoginCode(db: Db, secret: string, email: string, publicBaseUrl: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const [reports] = await db.select({ n: count() }).from(simulationReport).where(eq(simulationReport.email, email));
  const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60 * 1000);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb
      .update(candidateLoginCode)
      .set({ usedAt: new Date() })
      .where(and(eq(candidateLoginCode.email, email), isNull(candidateLoginCode.usedAt)));
    await txDb.insert(candidateLoginCode).values({ email, codeHash: codeHash(secret, email, code), expiresAt });
  });
  // Queued after the commit, so the worker's wake-up finds it at once (a person is waiting for it).
  await queueMailWithSecret(db, secret, loginCodeMail(email, reports!.n, publicBaseUrl), { value: code, expiresAt });
  return code;
}

const WRONG_CODE = "That code is not valid. Please check it or ask for a new one.";

/**
 * Checks the address's current code: it works once, within 10 minutes, and five wrong tries burn
 * it. Every failure gets the same message, so the answer tells nothing about the address.
 */
export async function verifyLoginCode(db: Db, secret: string, email: string, code: string): Promise<void> {
  const [current] = await db
    .select()
    .from(candidateLoginCode)
    .where(and(eq(candidateLoginCode.email, email), isNull(candidateLoginCode.usedAt), gt(candidateLoginCode.expiresAt, new Date())))
    .orderBy(desc(candidateLoginCode.createdAt))
    .limit(1);
  if (!current || current.failedAttempts >= CODE_MAX_FAILURES) throw new AppError("invalid", WRONG_CODE, { code: WRONG_CODE });
  const expected = Buffer.from(current.codeHash);
  const given = Buffer.from(codeHash(secret, email, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    // The fifth wrong try burns the code for good.
    await db
      .update(candidateLoginCode)
      .set({
        failedAttempts: sql`${candidateLoginCode.failedAttempts} + 1`,
        usedAt: sql`case when ${candidateLoginCode.failedAttempts} + 1 >= ${CODE_MAX_FAILURES} then now() else null end`,
      })
      .where(eq(candidateLoginCode.id, current.id));
    throw new AppError("invalid", WRONG_CODE, { code: WRONG_CODE });
  }
  // Once only, even when two requests race with the right code.
  const [used] = await db
    .update(candidateLoginCode)
    .set({ usedAt: new Date() })
    .where(and(eq(candidateLoginCode.id, current.id), isNull(candidateLoginCode.usedAt)))
    .returning({ id: candidateLoginCode.id });
  if (!used) throw new AppError("invalid", WRONG_CODE, { code: WRONG_CODE });
}
