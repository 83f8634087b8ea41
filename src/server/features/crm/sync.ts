import { asc, notExists, and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { application, brochureDownload, leadEngagement, simulationReport, type LeadSource } from "../../db/schema";
import { captureLead, type LeadEngagement } from "./service";
import { leadsChanged } from "./summary-cache";

const BATCH = 500;

interface BackfillSource {
  kind: LeadSource;
  /** Up to `limit` engagements of this kind not yet linked to a lead, oldest first. */
  unlinked: (db: Db, limit: number) => Promise<(LeadEngagement & { at: Date })[]>;
  /** Records the lead on the engagement's own row too, where that row keeps one. */
  link?: (db: Db, refId: string, leadId: string) => Promise<void>;
}

const notLinked = (kind: LeadSource, refId: Parameters<typeof eq>[0]) =>
  notExists(
    sql`(select 1 from ${leadEngagement} where ${leadEngagement.kind} = ${kind} and ${leadEngagement.refId} = ${refId})`,
  );

/** Where Sync All Data looks: every kind of engagement that makes a lead. */
export const BACKFILL_SOURCES: BackfillSource[] = [
  {
    kind: "application",
    unlinked: async (db, limit) => {
      const rows = await db
        .select()
        .from(application)
        .where(and(notLinked("application", application.id)))
        .orderBy(asc(application.submittedAt), asc(application.id))
        .limit(limit);
      return rows.map((a) => ({
        email: a.email,
        source: "application" as const,
        fullName: `${a.firstName} ${a.lastName}`,
        mobile: a.mobile ? `${a.countryCode}${a.mobile}` : undefined,
        linkedIn: a.linkedIn,
        motivation: a.motivation,
        resumeFileId: a.resumeFileId ?? undefined,
        refId: a.id,
        at: a.submittedAt,
      }));
    },
  },
  {
    kind: "brochure_download",
    unlinked: async (db, limit) => {
      const rows = await db
        .select()
        .from(brochureDownload)
        .where(notLinked("brochure_download", brochureDownload.id))
        .orderBy(asc(brochureDownload.downloadedAt), asc(brochureDownload.id))
        .limit(limit);
      return rows.map((b) => ({
        email: b.email,
        source: "brochure_download" as const,
        fullName: b.name,
        mobile: b.mobile,
        refId: b.id,
        at: b.downloadedAt,
      }));
    },
  },
  {
    kind: "simulation_attempt",
    unlinked: async (db, limit) => {
      const rows = await db
        .select()
        .from(simulationReport)
        .where(notLinked("simulation_attempt", simulationReport.id))
        .orderBy(asc(simulationReport.completedAt), asc(simulationReport.id))
        .limit(limit);
      return rows.map((r) => ({ email: r.email, source: "simulation_attempt" as const, fullName: r.fullName, refId: r.id, at: r.completedAt }));
    },
    link: async (db, refId, leadId) => {
      await db.update(simulationReport).set({ leadId }).where(eq(simulationReport.id, refId));
    },
  },
];

/**
 * Sync All Data (PRODUCT.md §4): an idempotent backfill. Every engagement without a lead link gets
 * one, creating the lead when nobody matches; a second run finds nothing to do.
 */
export async function syncLeads(db: Db, sources = BACKFILL_SOURCES): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  for (const source of sources) {
    for (;;) {
      const batch = await source.unlinked(db, BATCH);
      if (batch.length === 0) break;
      await db.transaction(async (tx) => {
        for (const { at, ...engagement } of batch) {
          const result = await captureLead(tx as unknown as Db, engagement, at);
          if (source.link && engagement.refId) await source.link(tx as unknown as Db, engagement.refId, result.id);
          if (result.created) created++;
          else updated++;
        }
      });
      if (batch.length < BATCH) break;
    }
  }
  leadsChanged();
  return { created, updated };
}
