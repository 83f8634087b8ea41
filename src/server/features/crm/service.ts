import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { lead, leadEngagement, type LeadSource } from "../../db/schema";
import { leadsChanged } from "./summary-cache";

export interface LeadEngagement {
  email: string;
  source: LeadSource;
  fullName?: string;
  /** As typed, with or without country code; stored as digits. */
  mobile?: string;
  linkedIn?: string;
  currentProfile?: string;
  motivation?: string;
  resumeFileId?: string;
  /** The engagement's own row (application, brochure download or report), linked to the lead by the CRM. */
  refId?: string;
  /** The funnel's source of the visit the form was sent from (visitColumns); a lead keeps its first. */
  visitSource?: string | null;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
/**
 * Digits only, with the country code. An Indian mobile typed without it ("98450 12345",
 * "098450 12345") gets 91, so it matches the same number typed with +91.
 */
export const normaliseMobile = (mobile: string | undefined | null) => {
  const digits = (mobile ?? "").replace(/\D/g, "");
  if (/^0?[6-9]\d{9}$/.test(digits)) return `91${digits.slice(-10)}`;
  return digits.length >= 6 ? digits : null;
};

const FLAG = {
  application: "hasApplication",
  brochure_download: "hasBrochureDownload",
  simulation_attempt: "hasSimulation",
} as const;

/**
 * Creates or updates the person's lead at once (PRODUCT.md §4): matched on normalised e-mail,
 * then on mobile; fills what was empty, records the engagement, keeps the first source.
 */
export async function recordLeadEngagement(db: Db, engagement: LeadEngagement): Promise<string> {
  return (await captureLead(db, engagement)).id;
}

/** `recordLeadEngagement`, also saying whether the lead is new (Sync All Data counts them). */
export async function captureLead(db: Db, engagement: LeadEngagement, at?: Date): Promise<{ id: string; created: boolean }> {
  const email = normaliseEmail(engagement.email);
  const mobile = normaliseMobile(engagement.mobile);
  const [byEmail] = await db.select().from(lead).where(eq(lead.email, email)).limit(1);
  const [byMobile] = byEmail || !mobile ? [] : await db.select().from(lead).where(eq(lead.mobile, mobile)).limit(1);
  const existing = byEmail ?? byMobile;
  const flag = FLAG[engagement.source];
  let result: { id: string; created: boolean };
  if (!existing) {
    const [row] = await db
      .insert(lead)
      .values({
        email,
        mobile,
        fullName: engagement.fullName?.trim() ?? "",
        linkedIn: engagement.linkedIn,
        currentProfile: engagement.currentProfile,
        motivation: engagement.motivation,
        resumeFileId: engagement.resumeFileId,
        sourceType: engagement.source,
        visitSource: engagement.visitSource ?? null,
        [flag]: true,
        ...(at ? { createdAt: at } : {}),
      })
      .onConflictDoUpdate({ target: lead.email, set: { [flag]: true, visitSource: sql`coalesce(${lead.visitSource}, excluded.visit_source)`, updatedAt: sql`now()` } })
      .returning({ id: lead.id, inserted: sql<boolean>`xmax = 0` });
    result = { id: row!.id, created: row!.inserted };
  } else {
    await db
      .update(lead)
      .set({
        [flag]: true,
        fullName: existing.fullName || engagement.fullName?.trim() || "",
        mobile: existing.mobile ?? mobile,
        linkedIn: existing.linkedIn ?? engagement.linkedIn,
        currentProfile: engagement.currentProfile ?? existing.currentProfile,
        motivation: engagement.motivation ?? existing.motivation,
        resumeFileId: engagement.resumeFileId ?? existing.resumeFileId,
        visitSource: sql`coalesce(${lead.visitSource}, ${engagement.visitSource ?? null})`,
        updatedAt: new Date(),
      })
      .where(eq(lead.id, existing.id));
    result = { id: existing.id, created: false };
  }
  if (engagement.refId) {
    await db
      .insert(leadEngagement)
      .values({ leadId: result.id, kind: engagement.source, refId: engagement.refId, ...(at ? { at } : {}) })
      .onConflictDoNothing();
  }
  leadsChanged();
  return result;
}
