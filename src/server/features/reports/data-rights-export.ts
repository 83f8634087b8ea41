import { asc, eq, inArray } from "drizzle-orm";
import { zipSync, strToU8 } from "fflate";
import { todayInKolkata } from "~/shared/format-date";
import type { Db } from "../../db/client";
import {
  application,
  brochureDownload,
  candidateKnownAddress,
  candidateLoginCode,
  candidateSession,
  dataErasureCode,
  inboxMessage,
  lead,
  newsletterSubscription,
  outbox,
  simulationReport,
  storedFile,
} from "../../db/schema";
import { renderReportPdf } from "./pdf";
import { reportDetailOf } from "./queries";

/**
 * "Download my data" (DPDP Act 2023 §11, GDPR art. 15 and 20): everything held about one e-mail
 * address, as JSON files and the reports' PDFs in one ZIP. Secrets are left out (code and session
 * hashes, the hashed client addresses, unsubscribe tokens), and so are staff's own working fields
 * on the CRM lead (notes, action items, priority, owner): those are available on a written request,
 * where staff first take out what is about other people (README "Your data").
 */

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The CRM lead's fields the person sees: what they told us, where they are in the program, and payments. */
function leadForPerson(row: typeof lead.$inferSelect) {
  return {
    fullName: row.fullName,
    email: row.email,
    mobile: row.mobile,
    linkedIn: row.linkedIn,
    currentProfile: row.currentProfile,
    motivation: row.motivation,
    firstContact: row.sourceType,
    hasApplication: row.hasApplication,
    hasBrochureDownload: row.hasBrochureDownload,
    hasSimulation: row.hasSimulation,
    resumeUrl: row.resumeUrl,
    stage: row.leadStage,
    status: row.leadStatus,
    latestCallDate: row.latestCallDate,
    callDate: row.callDate,
    followUpDate: row.followUpDate,
    paymentPageUrl: row.paymentPageUrl,
    transactionReferences: [row.txnReference, row.txnReference1].filter(Boolean),
    saleAmountRupees: row.saleAmount,
    collectedAmountRupees: row.collectedAmount,
    pendingAmountRupees: row.pendingAmount,
    batchName: row.batchName,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The JSON documents of the export, by file name (no PDFs or résumés: see `buildDataExport`). */
export async function collectPersonalData(db: Db, email: string) {
  const [reports, applications, brochures, messages, newsletter, codes, erasureCodes, sessions, addresses, leads, mail] = await Promise.all([
    db.select().from(simulationReport).where(eq(simulationReport.email, email)).orderBy(asc(simulationReport.completedAt)),
    db.select().from(application).where(eq(application.email, email)).orderBy(asc(application.submittedAt)),
    db.select().from(brochureDownload).where(eq(brochureDownload.email, email)).orderBy(asc(brochureDownload.downloadedAt)),
    db.select().from(inboxMessage).where(eq(inboxMessage.email, email)).orderBy(asc(inboxMessage.receivedAt)),
    db.select().from(newsletterSubscription).where(eq(newsletterSubscription.email, email)),
    db.select().from(candidateLoginCode).where(eq(candidateLoginCode.email, email)).orderBy(asc(candidateLoginCode.createdAt)),
    db.select().from(dataErasureCode).where(eq(dataErasureCode.email, email)).orderBy(asc(dataErasureCode.createdAt)),
    db.select().from(candidateSession).where(eq(candidateSession.email, email)).orderBy(asc(candidateSession.createdAt)),
    db.select({ lastSignedInAt: candidateKnownAddress.lastSignedInAt }).from(candidateKnownAddress).where(eq(candidateKnownAddress.email, email)),
    db.select().from(lead).where(eq(lead.email, email)),
    db
      .select({ subject: outbox.subject, status: outbox.status, queuedAt: outbox.createdAt, sentAt: outbox.sentAt })
      .from(outbox)
      .where(eq(outbox.toAddress, email))
      .orderBy(asc(outbox.createdAt)),
  ]);
  const documents = {
    "reports.json": reports.map((r) => ({
      simulation: r.simulationType,
      company: r.company,
      fullName: r.fullName,
      email: r.email,
      completedAt: iso(r.completedAt),
      totalScore: r.totalScore,
      overallSummary: r.overallSummary,
      dimensionScores: r.dimensionScores,
      skillFeedback: r.skillFeedback,
      caseStudyDetails: r.caseStudyDetails,
      yourAnswers: r.candidateResponses,
      reportPage: `/simulation-report/${r.slug}`,
      reportReadyEmailQueuedAt: iso(r.notifiedAt),
    })),
    "applications.json": applications.map((a) => ({
      submittedAt: iso(a.submittedAt),
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      countryCode: a.countryCode,
      mobile: a.mobile,
      linkedIn: a.linkedIn,
      currentRole: a.currentRole,
      experience: a.experience,
      motivation: a.motivation,
      targetRoles: a.targetRoles,
      skillAssessment: a.skillAssessment,
      status: a.status,
      resume: a.resumeFileId ? `resumes/${a.resumeFileId}` : null,
    })),
    "brochure-requests.json": brochures.map((b) => ({ name: b.name, email: b.email, mobile: b.mobile, requestedAt: iso(b.downloadedAt) })),
    "messages.json": messages.map((m) => ({
      kind: m.kind === "mentor" ? "Become a Mentor" : "Contact Us",
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      experience: m.experience,
      expertise: m.expertise,
      linkedin: m.linkedin,
      receivedAt: iso(m.receivedAt),
      handledAt: iso(m.handledAt),
    })),
    "newsletter.json": newsletter.map((n) => ({ email: n.email, subscribedAt: iso(n.subscribedAt), unsubscribedAt: iso(n.unsubscribedAt) })),
    "sign-in-history.json": {
      signInCodes: codes.map((c) => ({ requestedAt: iso(c.createdAt), expiresAt: iso(c.expiresAt), usedAt: iso(c.usedAt), wrongTries: c.failedAttempts })),
      erasureCodes: erasureCodes.map((c) => ({ requestedAt: iso(c.createdAt), expiresAt: iso(c.expiresAt), usedAt: iso(c.usedAt), wrongTries: c.failedAttempts })),
      sessions: sessions.map((s) => ({ startedAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), endedAt: iso(s.revokedAt) })),
      // The devices themselves are kept only as a keyed hash, so there is nothing more to show.
      rememberedDevices: addresses.map((a) => ({ lastSignedInAt: iso(a.lastSignedInAt) })),
    },
    "crm-record.json": leads.map(leadForPerson),
    "emails.json": mail.map((m) => ({ subject: m.subject, status: m.status, queuedAt: iso(m.queuedAt), sentAt: iso(m.sentAt) })),
  };
  const resumeIds = [...applications.map((a) => a.resumeFileId), ...leads.map((l) => l.resumeFileId)].filter((id): id is string => !!id);
  return { documents, reports, resumeIds: [...new Set(resumeIds)] };
}

const safeName = (name: string) => name.replace(/[^\w.-]+/g, "-").slice(0, 80);

/** The whole ZIP: JSON files, one PDF per report, and uploaded résumés. Levels: JSON compressed, PDFs stored. */
export async function buildDataExport(db: Db, email: string, siteUrl: string, now = new Date()): Promise<Uint8Array> {
  const { documents, reports, resumeIds } = await collectPersonalData(db, email);
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
  const readme = [
    `Everything Founder's Find holds about ${email}, as of ${now.toISOString()}.`,
    "",
    "reports.json: your simulation reports with your answers; reports/*.pdf: each report as a PDF.",
    "applications.json, brochure-requests.json, messages.json, newsletter.json: what you sent us.",
    "sign-in-history.json: sign-in codes asked for and used, sessions (no codes or keys).",
    "crm-record.json: your record in our admissions CRM; emails.json: e-mails we queued for you.",
    "resumes/: résumés you uploaded.",
  ].join("\n");
  files["README.txt"] = strToU8(readme);
  for (const [name, value] of Object.entries(documents)) files[name] = strToU8(JSON.stringify(value, null, 2));
  // One at a time: pdfkit is CPU-bound, and a candidate has a handful of reports.
  for (const row of reports) {
    const pdf = await renderReportPdf(await reportDetailOf(db, row), siteUrl);
    const name = `reports/${row.completedAt.toISOString().slice(0, 10)}-${safeName(row.simulationType)}-${row.slug.slice(0, 8)}.pdf`;
    files[name] = [new Uint8Array(pdf), { level: 0 }];
  }
  if (resumeIds.length) {
    const resumes = await db.select({ id: storedFile.id, fileName: storedFile.fileName, data: storedFile.data }).from(storedFile).where(inArray(storedFile.id, resumeIds));
    for (const file of resumes) files[`resumes/${file.id}/${safeName(file.fileName)}`] = [new Uint8Array(file.data), { level: 0 }];
  }
  return zipSync(files, { level: 6 });
}

/** `founders-find-data-2026-11-25.zip`, the date in Kolkata. */
export const exportFileName = (now = new Date()) => `founders-find-data-${todayInKolkata(now)}.zip`;
