import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { erasedAddress, outbox } from "../../db/schema";

/**
 * The form an erased address is kept in (erased_address, and the staff's audit of data requests):
 * a SHA-256 of the normalised address. Not keyed with the server secret on purpose: it must still
 * match after the secret changes, and staff asked "did you erase me?" can hash the address they are
 * given and look it up.
 */
export const emailHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

export const ERASED_MAIL_ERROR = "not sent: the recipient's data was erased at their request";

type Row = Pick<typeof outbox.$inferSelect, "id" | "toAddress" | "createdAt" | "secretExpiresAt">;

/**
 * The messages of a claimed batch that must not go out because their recipient was erased: asked at
 * send time, so mail queued before the erasure (or claimed by a worker while it ran) is never sent.
 * The one exception is a one-time code asked for after the erasure: someone is at the screen with
 * that address, and it is how the person can come back (a successful sign-in lifts the block).
 */
export async function erasedRecipients(db: Db, rows: Row[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const hashes = [...new Set(rows.map((row) => emailHash(row.toAddress)))];
  const erased = await db.select().from(erasedAddress).where(inArray(erasedAddress.emailHash, hashes));
  if (erased.length === 0) return new Set();
  const erasedAt = new Map(erased.map((row) => [row.emailHash, row.erasedAt]));
  const blocked = rows.filter((row) => {
    const at = erasedAt.get(emailHash(row.toAddress));
    if (!at) return false;
    const freshCode = row.secretExpiresAt !== null && row.createdAt > at;
    return !freshCode;
  });
  return new Set(blocked.map((row) => row.id));
}

/** The person signed in with a code sent to the address after its erasure: mail to it may go out again. */
export async function liftErasure(db: Db, email: string): Promise<void> {
  await db.delete(erasedAddress).where(eq(erasedAddress.emailHash, emailHash(email)));
}
