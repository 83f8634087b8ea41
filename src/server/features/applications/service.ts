import { and, arrayOverlaps, eq, isNull, notInArray, sql } from "drizzle-orm";
import { APPLICATION_ROLES, type ApplicationStatus } from "~/shared/application-status";
import { currentRoleLabel, RESUME_MAX_BYTES, RESUME_TOO_LARGE, RESUME_TYPES, RESUME_WRONG_TYPE } from "~/shared/application-options";
import type { NewApplication } from "~/shared/schemas/applications";
import type { Db } from "../../db/client";
import { application, auditEvent, lead, staff } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { checkUpload, deleteStoredFile, safeFileName, storeFile } from "../../platform/files";
import { queueMail } from "../../platform/mail/outbox";
import { checkZipInflation, ZIP_LIMITS } from "../../platform/zip-inflation";
import { recordLeadEngagement } from "../crm/service";
import { confirmationMail, staffNotificationMail } from "./mail";
import type { UploadedFile } from "../../platform/multipart";

export { RESUME_TOO_LARGE, RESUME_WRONG_TYPE };
export const RESUME_INFLATES = `This Word document expands to more than ${ZIP_LIMITS.maxInflatedBytes / 1024 / 1024} MB when opened; please upload a PDF or a smaller document`;
export const DUPLICATE_APPLICATION =
  "You have already applied with this email address. We'll get back to you within 48 hours.";

/** Statuses after which the same person may apply again. */
const CLOSED_STATUSES: ApplicationStatus[] = ["rejected", "closed_lost"];

/** Checks the résumé by its content, and names it after the type it really is. */
export async function checkResume(file: { data: Buffer; fileName: string }): Promise<{ data: Buffer; fileName: string; contentType: string }> {
  const type = await checkUpload(file.data, {
    field: "resume",
    maxBytes: RESUME_MAX_BYTES,
    allowed: Object.keys(RESUME_TYPES),
    tooLarge: RESUME_TOO_LARGE,
    wrongType: RESUME_WRONG_TYPE,
  });
  const ext = RESUME_TYPES[type.mime as keyof typeof RESUME_TYPES];
  if (ext === "docx") {
    const verdict = checkZipInflation(file.data);
    if (verdict === "too-large") throw new AppError("invalid", RESUME_INFLATES, { resume: RESUME_INFLATES });
    if (verdict === "unreadable") throw new AppError("invalid", RESUME_WRONG_TYPE, { resume: RESUME_WRONG_TYPE });
  }
  const base = safeFileName(file.fileName, "resume").replace(/\.[^.]*$/, "") || "resume";
  return { data: file.data, fileName: `${base}.${ext}`, contentType: type.mime };
}

/**
 * Stores the application, its résumé and the person's lead in one transaction, and queues the
 * confirmation to the applicant and the notification to admissions staff in the same one.
 * One open application per e-mail: a second one (a double submit, a retry) is a conflict.
 * The résumé waited on disk while it arrived; its bytes are read back only here, checked and stored,
 * and let go once the transaction has ended (platform/uploads.ts bounds how many at once).
 */
/** An application, with the funnel's source of the visit it was sent from (lead.visit_source). */
type Submitted = NewApplication & { visitSource?: string | null };

export async function submitApplication(
  db: Db,
  input: Submitted,
  resume: UploadedFile | null,
  publicBaseUrl: string,
): Promise<string> {
  if (!resume) return insertApplication(db, input, null, publicBaseUrl);
  return resume.withBytes(async (data) => insertApplication(db, input, await checkResume({ data, fileName: resume.fileName }), publicBaseUrl));
}

async function insertApplication(
  db: Db,
  input: Submitted,
  checked: { data: Buffer; fileName: string; contentType: string } | null,
  publicBaseUrl: string,
): Promise<string> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    // Serialises submissions for one address, so two concurrent ones cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.email}))`);
    const [open] = await tx
      .select({ id: application.id })
      .from(application)
      .where(and(eq(application.email, input.email), notInArray(application.status, CLOSED_STATUSES)))
      .limit(1);
    if (open) throw new AppError("conflict", DUPLICATE_APPLICATION, { email: DUPLICATE_APPLICATION });

    const file = checked ? await storeFile(tx, { kind: "resume", ...checked }) : null;
    const [row] = await tx
      .insert(application)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        countryCode: input.countryCode,
        mobile: input.mobile,
        linkedIn: input.linkedIn,
        currentRole: input.currentRole,
        experience: input.experience,
        motivation: input.motivation,
        targetRoles: input.targetRoles,
        skillAssessment: input.skillAssessment,
        resumeFileId: file?.id ?? null,
      })
      .returning({ id: application.id });
    await recordLeadEngagement(tx, {
      email: input.email,
      source: "application",
      fullName: `${input.firstName} ${input.lastName}`,
      mobile: input.mobile ? `${input.countryCode}${input.mobile}` : undefined,
      linkedIn: input.linkedIn,
      currentProfile: currentRoleLabel(input.currentRole),
      motivation: input.motivation,
      resumeFileId: file?.id,
      refId: row!.id,
      visitSource: input.visitSource,
    });
    await queueMail(tx, await confirmationMail(input, publicBaseUrl));
    const reviewers = await tx
      .select({ email: staff.email })
      .from(staff)
      .where(and(isNull(staff.disabledAt), arrayOverlaps(staff.roles, [...APPLICATION_ROLES])));
    for (const reviewer of reviewers) await queueMail(tx, await staffNotificationMail(reviewer.email, input, !!file, publicBaseUrl));
    return row!.id;
  });
}

export async function updateApplicationStatus(db: Db, id: string, status: ApplicationStatus, actorStaffId: string): Promise<void> {
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [row] = await tx.update(application).set({ status }).where(eq(application.id, id)).returning({ id: application.id });
    if (!row) throw new AppError("not_found", "Application not found");
    await tx.insert(auditEvent).values({ actorStaffId, action: "application.status", subject: id, detail: { status } });
  });
}

/** Removes the application and its résumé (and the lead's pointer to that résumé). */
export async function deleteApplication(db: Db, id: string, actorStaffId: string): Promise<void> {
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [row] = await tx.delete(application).where(eq(application.id, id)).returning();
    if (!row) throw new AppError("not_found", "Application not found");
    if (row.resumeFileId) {
      await tx.update(lead).set({ resumeFileId: null }).where(eq(lead.resumeFileId, row.resumeFileId));
      await deleteStoredFile(tx, row.resumeFileId);
    }
    await tx.insert(auditEvent).values({ actorStaffId, action: "application.delete", subject: id, detail: { email: row.email } });
  });
}
