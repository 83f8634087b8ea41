import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { lead } from "../../db/schema";
import { AppError, databaseAppError } from "../../platform/errors";
import { normaliseEmail, normaliseMobile } from "./service";

/**
 * One person, one lead (PRODUCT.md §4): no two leads share an e-mail or a mobile. The e-mail has a
 * unique constraint; the mobile cannot (legacy duplicates wait for Fix Duplicates), so a lead taking
 * a mobile holds a transaction lock on that number while it checks and writes.
 */
export type IdentityField = "email" | "mobile";
interface Holder {
  id: string;
  fullName: string;
  email: string;
}

/** The stored forms one mobile may have: normalised, and for an Indian number the legacy 10-digit and 0-prefixed ones. */
function mobileForms(mobile: string): string[] {
  const indian = /^91([6-9]\d{9})$/.exec(mobile)?.[1];
  return indian ? [mobile, indian, `0${indian}`] : [mobile];
}

/** The other lead already holding this e-mail or mobile, if any. */
async function holderOf(db: Db, field: IdentityField, value: string, exceptId?: string): Promise<Holder | null> {
  const match: SQL = field === "email" ? eq(lead.email, normaliseEmail(value)) : inArray(lead.mobile, mobileForms(normaliseMobile(value) ?? value));
  const [row] = await db
    .select({ id: lead.id, fullName: lead.fullName, email: lead.email })
    .from(lead)
    .where(exceptId ? and(match, ne(lead.id, exceptId)) : match)
    .limit(1);
  return row ?? null;
}

/** "Another lead already has this mobile: Priya Sharma" (the e-mail when the lead has no name). */
export const duplicateMessage = (field: IdentityField, holder: Pick<Holder, "fullName" | "email">) =>
  `Another lead already has this ${field}: ${holder.fullName.trim() || holder.email}`;

/**
 * The 409 of an e-mail or mobile another lead has. It carries that lead, so the editor can show it
 * and offer to merge the two (issue 23 §1) rather than keep a second record of one person.
 */
export class DuplicateLeadError extends AppError {
  constructor(
    readonly field: IdentityField,
    readonly holder: Holder,
  ) {
    const message = duplicateMessage(field, holder);
    super("conflict", message, { [field]: message });
  }

  get duplicate() {
    return { ...this.holder, field: this.field };
  }
}

/** 409 naming the field and the lead that has the value, when another lead has the e-mail or mobile. */
export async function refuseDuplicates(db: Db, wanted: { email?: string | null; mobile?: string | null }, exceptId?: string): Promise<void> {
  for (const field of ["email", "mobile"] as const) {
    const value = wanted[field];
    if (!value) continue;
    const holder = await holderOf(db, field, value, exceptId);
    if (holder) throw new DuplicateLeadError(field, holder);
  }
}

/**
 * Runs the duplicate check and `write` so that two requests giving one mobile to two leads cannot
 * both pass: with a mobile, both run in one transaction holding an advisory lock on the number (the
 * second waits, then sees the first's lead). An e-mail race is settled by its unique constraint;
 * the loser gets the same 409 naming the lead (or, should that lead be gone already, the error
 * handler's 409 naming the field).
 */
export async function writeUnique<T>(
  db: Db,
  wanted: { email?: string | null; mobile?: string | null },
  exceptId: string | undefined,
  write: (db: Db) => Promise<T>,
): Promise<T> {
  try {
    if (!wanted.mobile) {
      await refuseDuplicates(db, wanted, exceptId);
      return await write(db);
    }
    const mobile = normaliseMobile(wanted.mobile) ?? wanted.mobile;
    return await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-mobile:${mobile}`}))`);
      await refuseDuplicates(tx, wanted, exceptId);
      return write(tx);
    });
  } catch (error) {
    // Lost the e-mail race after the check: name the lead that won it, as the check would have.
    if (wanted.email && databaseAppError(error)?.fields?.email) await refuseDuplicates(db, { email: wanted.email }, exceptId);
    throw error;
  }
}
