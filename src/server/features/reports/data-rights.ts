import { randomInt, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { todayInKolkata } from "~/shared/format-date";
import { ERASURE_CODE_MAX_FAILURES, ERASURE_CODE_TTL_MINUTES, type ErasurePlan } from "~/shared/schemas/data-rights";
import type { Db } from "../../db/client";
import {
  application,
  auditEvent,
  brochureDownload,
  candidateKnownAddress,
  candidateLoginCode,
  candidateSession,
  candidateSignIn,
  dataErasureCode,
  erasedAddress,
  inboxMessage,
  lead,
  leadChange,
  leadEngagement,
  newsletterSubscription,
  outbox,
  simulationReport,
  storedFile,
} from "../../db/schema";
import { AppError } from "../../platform/errors";
import { emailHash } from "../../platform/mail/erased-addresses";
import { queueMailWithSecret } from "../../platform/mail/outbox";
import { hmac } from "../../platform/secrets";
import { leadsChanged } from "../crm/summary-cache";
import { erasureCodeMail } from "./data-rights-mail";
import { recordStanding } from "./standing";

/**
 * "Delete my data" (DPDP Act 2023 §12, GDPR art. 17), confirmed by a code e-mailed to the address.
 * What goes and what stays is README "Your data"; in short: everything about the address is deleted,
 * except that a CRM lead with a payment on it keeps the person's name, address and payment record,
 * which tax and accounting law requires (Indian LLP and GST rules: up to eight years).
 */

export const AUDIT_EXPORT = "data-request.export";
export const AUDIT_ERASE = "data-request.erase";

const codeHash = (secret: string, email: string, code: string) => hmac(secret, `erasure-code:${email}:${code}`);

/** A payment is on the lead: a Paid User, money collected, or a transaction reference. */
const hasPayment = (row: typeof lead.$inferSelect) =>
  row.isPaid || (row.collectedAmount ?? 0) > 0 || !!row.txnReference || !!row.txnReference1;

export async function erasurePlan(db: Db, email: string): Promise<ErasurePlan> {
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [reports, applications, brochureRequests, messages, newsletter, [leadRow]] = await Promise.all([
    n(db.select({ n: count() }).from(simulationReport).where(eq(simulationReport.email, email))),
    n(db.select({ n: count() }).from(application).where(eq(application.email, email))),
    n(db.select({ n: count() }).from(brochureDownload).where(eq(brochureDownload.email, email))),
    n(db.select({ n: count() }).from(inboxMessage).where(eq(inboxMessage.email, email))),
    n(db.select({ n: count() }).from(newsletterSubscription).where(eq(newsletterSubscription.email, email))),
    db.select().from(lead).where(eq(lead.email, email)),
  ]);
  return {
    reports,
    applications,
    brochureRequests,
    messages,
    newsletter: newsletter > 0,
    lead: !leadRow ? "none" : hasPayment(leadRow) ? "keep-payment" : "anonymise",
  };
}

/**
 * E-mails a fresh confirmation code to the signed-in address. A new code ends the address's earlier
 * ones, so only the latest e-mail works.
 */
export async function requestErasureCode(db: Db, secret: string, email: string, publicBaseUrl: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(Date.now() + ERASURE_CODE_TTL_MINUTES * 60 * 1000);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.update(dataErasureCode).set({ usedAt: new Date() }).where(and(eq(dataErasureCode.email, email), isNull(dataErasureCode.usedAt)));
    await txDb.insert(dataErasureCode).values({ email, codeHash: codeHash(secret, email, code), expiresAt });
  });
  const mail = await erasureCodeMail(email, await erasurePlan(db, email), publicBaseUrl);
  await queueMailWithSecret(db, secret, mail, { value: code, expiresAt });
  return code;
}

export const NO_CODE = "No deletion code is waiting for this address. Please ask for a new code.";
export const CODE_EXPIRED = "This code has expired. Please ask for a new code.";
export const CODE_USED_UP = "This code had too many wrong tries. Please ask for a new code.";
const wrongCode = (left: number) =>
  left > 0 ? `That code is not valid: ${left} ${left === 1 ? "try" : "tries"} left.` : "That code is not valid, and it had its last try. Please ask for a new code.";

type Outcome = { erased: true; keptPaymentRecord: boolean } | { error: string };

/**
 * Checks the code and, when it is right, erases everything in the same transaction (no network in
 * it: the outbox only loses rows). A try is taken from the code by one statement that only succeeds
 * while tries are left, before the comparison, so at most five guesses are compared however many
 * arrive at once.
 */
export async function confirmErasure(db: Db, secret: string, email: string, code: string): Promise<{ keptPaymentRecord: boolean }> {
  const given = Buffer.from(codeHash(secret, email, code));
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const txDb = tx as unknown as Db;
    const now = new Date();
    const [latest] = await txDb
      .select()
      .from(dataErasureCode)
      .where(and(eq(dataErasureCode.email, email), isNull(dataErasureCode.usedAt)))
      .orderBy(desc(dataErasureCode.createdAt))
      .limit(1);
    if (!latest) return { error: NO_CODE };
    if (latest.expiresAt <= now) return { error: CODE_EXPIRED };
    const [tried] = await txDb
      .update(dataErasureCode)
      .set({ failedAttempts: sql`${dataErasureCode.failedAttempts} + 1` })
      .where(and(eq(dataErasureCode.id, latest.id), isNull(dataErasureCode.usedAt), gt(dataErasureCode.expiresAt, now), lt(dataErasureCode.failedAttempts, ERASURE_CODE_MAX_FAILURES)))
      .returning({ codeHash: dataErasureCode.codeHash, failedAttempts: dataErasureCode.failedAttempts });
    if (!tried) return { error: CODE_USED_UP };
    const expected = Buffer.from(tried.codeHash);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { error: wrongCode(ERASURE_CODE_MAX_FAILURES - tried.failedAttempts) };
    const keptPaymentRecord = await eraseEverything(txDb, email, now);
    return { erased: true, keptPaymentRecord };
  });
  if ("error" in outcome) throw new AppError("invalid", outcome.error, { code: outcome.error });
  leadsChanged();
  return { keptPaymentRecord: outcome.keptPaymentRecord };
}

/** Everything about the address, inside the caller's transaction; returns whether a payment record was kept. */
async function eraseEverything(tx: Db, email: string, now: Date): Promise<boolean> {
  const reports = await tx
    .delete(simulationReport)
    .where(eq(simulationReport.email, email))
    .returning({ id: simulationReport.id, simulationType: simulationReport.simulationType });
  // Their best attempts leave the percentile histogram with them (a shared credential goes with its report).
  await recordStanding(tx, reports.map((r) => ({ email, simulationType: r.simulationType })));
  const applications = await tx.delete(application).where(eq(application.email, email)).returning({ resumeFileId: application.resumeFileId });
  const brochures = await tx.delete(brochureDownload).where(eq(brochureDownload.email, email)).returning({ id: brochureDownload.id });
  const messages = await tx.delete(inboxMessage).where(eq(inboxMessage.email, email)).returning({ id: inboxMessage.id });
  const newsletter = await tx.delete(newsletterSubscription).where(eq(newsletterSubscription.email, email)).returning({ id: newsletterSubscription.id });
  await tx.delete(candidateSession).where(eq(candidateSession.email, email));
  await tx.delete(candidateLoginCode).where(eq(candidateLoginCode.email, email));
  await tx.delete(candidateKnownAddress).where(eq(candidateKnownAddress.email, email));
  await tx.delete(candidateSignIn).where(eq(candidateSignIn.email, email));
  await tx.delete(dataErasureCode).where(eq(dataErasureCode.email, email));

  const resumeIds = applications.map((a) => a.resumeFileId).filter((id): id is string => !!id);
  const [leadRow] = await tx.select().from(lead).where(eq(lead.email, email)).for("update");
  let keptPaymentRecord = false;
  let leadOutcome: ErasurePlan["lead"] = "none";
  if (leadRow) {
    if (leadRow.resumeFileId) resumeIds.push(leadRow.resumeFileId);
    keptPaymentRecord = hasPayment(leadRow);
    leadOutcome = keptPaymentRecord ? "keep-payment" : "anonymise";
    // The history holds old values of the erased fields, and the engagements point at deleted rows.
    await tx.delete(leadChange).where(eq(leadChange.leadId, leadRow.id));
    await tx.delete(leadEngagement).where(eq(leadEngagement.leadId, leadRow.id));
    const day = todayInKolkata(now);
    const cleared = {
      mobile: null,
      linkedIn: null,
      currentProfile: null,
      motivation: null,
      resumeFileId: null,
      resumeUrl: null,
      actionItems: null,
      latestCallDate: null,
      latestCallTime: null,
      callDate: null,
      followUpDate: null,
      version: sql`${lead.version} + 1`,
      updatedAt: now,
    };
    await tx
      .update(lead)
      .set(
        keptPaymentRecord
          ? {
              ...cleared,
              notes: `Personal data erased at the person's request on ${day}. Kept by law: name, e-mail and the payment record (tax and accounting records, up to eight years).`,
            }
          : {
              ...cleared,
              // Unique and undeliverable (.invalid is reserved): stage, status and dates stay for the pipeline's counts.
              email: `erased-${leadRow.id}@erased.invalid`,
              fullName: "Erased",
              notes: `Personal data erased at the person's request on ${day}.`,
              paymentPageUrl: null,
              saleAmount: null,
              collectedAmount: null,
              batchName: null,
            },
      )
      .where(eq(lead.id, leadRow.id));
  }
  if (resumeIds.length) await tx.delete(storedFile).where(inArray(storedFile.id, resumeIds));
  // Queued and past mail alike: the outbox holds the person's name and report titles.
  const mail = await tx.delete(outbox).where(eq(outbox.toAddress, email)).returning({ id: outbox.id });
  // Anything a worker already claimed is stopped at send time by this row (platform/mail/erased-addresses.ts).
  await tx
    .insert(erasedAddress)
    .values({ emailHash: emailHash(email), erasedAt: now })
    .onConflictDoUpdate({ target: erasedAddress.emailHash, set: { erasedAt: now } });
  await tx.insert(auditEvent).values({
    action: AUDIT_ERASE,
    subject: emailHash(email),
    at: now,
    detail: {
      reports: reports.length,
      applications: applications.length,
      brochureRequests: brochures.length,
      messages: messages.length,
      newsletter: newsletter.length > 0,
      emails: mail.length,
      lead: leadOutcome,
    },
  });
  return keptPaymentRecord;
}

/** Staff's trace of a download: when, and a hash of the address, never the address itself. */
export async function recordExport(db: Db, email: string, detail: Record<string, number>): Promise<void> {
  await db.insert(auditEvent).values({ action: AUDIT_EXPORT, subject: emailHash(email), detail });
}

/** Admins' list of data requests, newest first. */
export async function listDataRequests(db: Db, limit = 200) {
  const rows = await db
    .select()
    .from(auditEvent)
    .where(or(eq(auditEvent.action, AUDIT_EXPORT), eq(auditEvent.action, AUDIT_ERASE)))
    .orderBy(desc(auditEvent.at))
    .limit(limit);
  return rows.map((row) => ({
    kind: row.action === AUDIT_ERASE ? ("erase" as const) : ("export" as const),
    at: row.at.toISOString(),
    emailHash: row.subject,
    detail: row.detail as Record<string, number | string | boolean>,
  }));
}

/** Sign-in and erasure codes are the sign-in history a download shows: kept 30 days past their expiry, then dropped. */
export const CODE_HISTORY_DAYS = 30;

export async function pruneOldCodes(db: Db, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - CODE_HISTORY_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(candidateLoginCode).where(lt(candidateLoginCode.expiresAt, before));
  await db.delete(dataErasureCode).where(lt(dataErasureCode.expiresAt, before));
}
