import { and, eq, sql } from "drizzle-orm";
import { SITE_NAME } from "~/shared/constants";
import { credentialCardPath, verifyPath } from "~/shared/credential";
import { performanceLabel } from "~/shared/report-bands";
import { orderedDimensionScores } from "~/shared/report-order";
import type { CredentialShare, PublicCredential } from "~/shared/schemas/report-credential";
import type { Db } from "../../db/client";
import { simulationReport } from "../../db/schema";
import { randomToken } from "../../platform/secrets";
import type { PdfCredential } from "./pdf";
import { standingOf } from "./standing";

type ReportRow = typeof simulationReport.$inferSelect;

/** 18 random bytes: 144 bits, 24 base64url characters. */
const newShareId = () => randomToken(18);

const shareOf = (row: { shareId: string | null; sharedAt: Date | null } | undefined, baseUrl: string): CredentialShare => ({
  shared: !!row?.shareId,
  shareId: row?.shareId ?? null,
  url: row?.shareId ? `${baseUrl}${verifyPath(row.shareId)}` : null,
  sharedAt: row?.sharedAt?.toISOString() ?? null,
});

/** Only the report's owner: the query carries the e-mail, so anyone else's report is simply not found. */
const ownReport = (slug: string, email: string) => and(eq(simulationReport.slug, slug), eq(simulationReport.email, email));

/** Whether the owner's report is shared, and where; null when they have no such report. */
export async function findCredentialShare(db: Db, slug: string, email: string, baseUrl: string): Promise<CredentialShare | null> {
  const [row] = await db
    .select({ shareId: simulationReport.shareId, sharedAt: simulationReport.sharedAt })
    .from(simulationReport)
    .where(ownReport(slug, email));
  return row ? shareOf(row, baseUrl) : null;
}

/**
 * Turns sharing on, in one statement: a report already shared keeps its id (two clicks, one
 * credential); one shared before and turned off gets a new id, so an old link never comes back.
 */
export async function shareReport(db: Db, slug: string, email: string, baseUrl: string): Promise<CredentialShare | null> {
  const [row] = await db
    .update(simulationReport)
    .set({ shareId: sql`coalesce(${simulationReport.shareId}, ${newShareId()})`, sharedAt: sql`coalesce(${simulationReport.sharedAt}, now())` })
    .where(ownReport(slug, email))
    .returning({ shareId: simulationReport.shareId, sharedAt: simulationReport.sharedAt });
  return row ? shareOf(row, baseUrl) : null;
}

/** Turns sharing off: the id is forgotten, so its page and image answer 404 from now on. False: no such report of theirs. */
export async function unshareReport(db: Db, slug: string, email: string): Promise<boolean> {
  const rows = await db
    .update(simulationReport)
    .set({ shareId: null, sharedAt: null })
    .where(ownReport(slug, email))
    .returning({ id: simulationReport.id });
  return rows.length > 0;
}

/** The shared report behind a credential id, or null (never shared, turned off, or made up). */
export async function findSharedReport(db: Db, shareId: string): Promise<ReportRow | null> {
  const [row] = await db.select().from(simulationReport).where(eq(simulationReport.shareId, shareId));
  return row ?? null;
}

/** The credential the report's PDF prints while it is shared (id, URL, QR code); none otherwise. */
export function pdfCredentialOf(row: Pick<ReportRow, "shareId">, baseUrl: string): PdfCredential | undefined {
  return row.shareId ? { id: row.shareId, url: `${baseUrl}${verifyPath(row.shareId)}` } : undefined;
}

/**
 * The public fields of a shared report: a list of what may be shown, not the row minus secrets.
 * Dimensions in the chatbot's order; the overall standing among each candidate's best attempt.
 */
export async function publicCredentialOf(db: Db, row: ReportRow, baseUrl: string): Promise<PublicCredential> {
  const shareId = row.shareId!;
  const scores = orderedDimensionScores(row.dimensionScores, row.dimensionOrder);
  const standing = await standingOf(db, row, []);
  return {
    credentialId: shareId,
    url: `${baseUrl}${verifyPath(shareId)}`,
    imageUrl: `${baseUrl}${credentialCardPath(shareId)}`,
    issuer: SITE_NAME,
    fullName: row.fullName,
    simulationType: row.simulationType,
    completedAt: row.completedAt.toISOString(),
    sharedAt: (row.sharedAt ?? row.completedAt).toISOString(),
    totalScore: row.totalScore,
    band: performanceLabel(row.totalScore),
    standing: standing?.overall ?? null,
    dimensions: Object.entries(scores).map(([name, dimension]) => ({ name, average: dimension.average })),
  };
}
