import { count, desc } from "drizzle-orm";
import type { BrochureDownload } from "~/shared/schemas/brochure";
import type { Page } from "~/shared/schemas/common";
import type { Db } from "../../db/client";
import { brochureDownload } from "../../db/schema";
import { recordLeadEngagement } from "../crm/service";

/** Stores the brochure request and creates or updates the person's lead, together. */
export async function recordBrochureDownload(db: Db, request: { name: string; email: string; mobile: string }, visitSource: string | null = null): Promise<string> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [row] = await txDb.insert(brochureDownload).values(request).returning({ id: brochureDownload.id });
    await recordLeadEngagement(txDb, { email: request.email, source: "brochure_download", fullName: request.name, mobile: request.mobile, refId: row!.id, visitSource });
    return row!.id;
  });
}

/** Newest first (spec: Downloads tab), one page at a time. */
export async function listBrochureDownloads(db: Db, query: { page: number; pageSize: number }): Promise<Page<BrochureDownload>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(brochureDownload)
      .orderBy(desc(brochureDownload.downloadedAt), desc(brochureDownload.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(brochureDownload),
  ]);
  return {
    items: rows.map((row) => ({ ...row, downloadedAt: row.downloadedAt.toISOString() })),
    total: total!.n,
    page: query.page,
    pageSize: query.pageSize,
  };
}
