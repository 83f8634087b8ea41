import { eq, sql } from "drizzle-orm";
import type { Lead } from "~/shared/schemas/crm";
import { scoreFromKey, scoreReasons, type LeadScoreFacts } from "~/shared/crm/lead-score";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { lead, staff } from "../../db/schema";

export const owner = alias(staff, "owner");

/** The columns a lead is shown with, including its owner's name. */
export const leadColumns = {
  id: lead.id,
  createdAt: lead.createdAt,
  updatedAt: lead.updatedAt,
  email: lead.email,
  fullName: lead.fullName,
  mobile: lead.mobile,
  currentProfile: lead.currentProfile,
  motivation: lead.motivation,
  resumeFileId: lead.resumeFileId,
  resumeUrl: lead.resumeUrl,
  hasBrochureDownload: lead.hasBrochureDownload,
  hasApplication: lead.hasApplication,
  hasSimulation: lead.hasSimulation,
  linkedIn: lead.linkedIn,
  leadOwner: lead.leadOwner,
  leadOwnerName: owner.name,
  priority: lead.priority,
  leadStage: lead.leadStage,
  leadStatus: lead.leadStatus,
  latestCallDate: lead.latestCallDate,
  latestCallTime: sql<string | null>`to_char(${lead.latestCallTime}, 'HH24:MI')`,
  callDate: lead.callDate,
  followUpDate: lead.followUpDate,
  notes: lead.notes,
  actionItems: lead.actionItems,
  paymentPageUrl: lead.paymentPageUrl,
  txnReference: lead.txnReference,
  txnReference1: lead.txnReference1,
  saleAmount: lead.saleAmount,
  collectedAmount: lead.collectedAmount,
  pendingAmount: lead.pendingAmount,
  batchName: lead.batchName,
  sourceType: lead.sourceType,
  visitSource: lead.visitSource,
  version: lead.version,
  scoreKey: lead.scoreKey,
  scoreFacts: lead.scoreFacts,
  /** created_at as PostgreSQL text: keeps the microseconds a JS Date would drop (keyset cursor). */
  cursorAt: sql<string>`${lead.createdAt}::text`,
};

export const ownerJoin = eq(owner.id, lead.leadOwner);

/** Leads with their owner's name; callers add where, order and limit. */
export const selectLeads = (db: Db) => db.select(leadColumns).from(lead).leftJoin(owner, ownerJoin);
export type LeadRow = Awaited<ReturnType<typeof selectLeads>>[number];

export const resumeLink = (id: string) => `/api/crm/leads/${id}/resume`;

export function toLead(row: Omit<LeadRow, "cursorAt"> & { cursorAt?: string }): Lead {
  const { resumeFileId, hasBrochureDownload, createdAt, updatedAt, cursorAt: _cursor, scoreKey, scoreFacts, ...rest } = row;
  // The score and its reasons as of now (lead-score.ts: the stored key does not go stale).
  const now = new Date();
  return {
    ...rest,
    score: scoreFromKey(scoreKey, now),
    scoreReasons: scoreReasons(scoreFacts as LeadScoreFacts | null, rest, now),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    resumeUrl: resumeFileId ? resumeLink(row.id) : row.resumeUrl,
    downloadBrochure: hasBrochureDownload,
  } as Lead;
}
