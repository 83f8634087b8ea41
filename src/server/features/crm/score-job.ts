import { and, eq, gt, sql } from "drizzle-orm";
import { LEAD_SCORE_WEIGHTS } from "~/shared/crm/lead-score";
import { rowsOf, type Db } from "../../db/client";
import { lead, leadScoreSetting } from "../../db/schema";
import { retryWhenBusy } from "../../platform/busy-retry";

/** Leads rescored per transaction by the rescoring job. */
export const RESCORE_BATCH = 5_000;
/**
 * On the embedded database each batch holds the whole database (PGlite runs one transaction at a time):
 * 5,000 leads took 1.0–1.5 s at 50,000 leads, and every sign-in and page waited for it; 50 take ~15 ms.
 */
export const PGLITE_RESCORE_BATCH = 50;

/**
 * Writes the weights of lead-score.ts where the database's scoring reads them (migration 0022). When
 * they differ from the stored ones (the first start after the migration, or weights changed in a
 * release) every lead is to be rescored: the job below starts over. True when it does.
 */
export async function syncScoreWeights(db: Db): Promise<boolean> {
  const weights = JSON.stringify(LEAD_SCORE_WEIGHTS);
  const changed = await db
    .update(leadScoreSetting)
    .set({ weights: sql`${weights}::jsonb`, rescoreAfter: null, rescored: false, updatedAt: new Date() })
    .where(and(eq(leadScoreSetting.id, 1), sql`${leadScoreSetting.weights} <> ${weights}::jsonb`))
    .returning({ id: leadScoreSetting.id });
  return changed.length > 0;
}

/**
 * One batch of the rescoring job, claimed: the job's row is locked (`for update skip locked`), so with
 * several processes one rescoring runs and the others find nothing to do; the next batch (by lead id)
 * and the job's place are written in one transaction, so a killed process resumes after the last
 * batch it finished. "done" when every lead is scored, "busy" when another process holds the job.
 */
export async function rescoreBatch(db: Db, size = RESCORE_BATCH): Promise<"more" | "done" | "busy"> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [job] = rowsOf<{ rescore_after: string | null; rescored: boolean }>(
      await tx.execute(sql`select rescore_after, rescored from lead_score_setting where id = 1 for update skip locked`),
    );
    if (!job) return "busy";
    if (job.rescored) return "done";
    const batch = await tx
      .select({ id: lead.id })
      .from(lead)
      .where(job.rescore_after ? gt(lead.id, job.rescore_after) : undefined)
      .orderBy(lead.id)
      .limit(size);
    const ids = batch.map((row) => row.id);
    if (ids.length) await tx.execute(sql`select lead_score_refresh(${`{${ids.join(",")}}`}::uuid[])`);
    const finished = ids.length < size;
    await tx
      .update(leadScoreSetting)
      .set({ rescoreAfter: ids[ids.length - 1] ?? job.rescore_after, rescored: finished, updatedAt: new Date() })
      .where(eq(leadScoreSetting.id, 1));
    return finished ? "done" : "more";
  });
}

/** Rescores batch after batch until every lead is done, another process has the job, or `stopped()`. */
export async function runRescoring(db: Db, stopped: () => boolean, size = RESCORE_BATCH): Promise<void> {
  // A batch that lost a deadlock to an import or a bulk change writing the same leads is run again.
  while (!stopped() && (await retryWhenBusy(() => rescoreBatch(db, size))) === "more");
}
