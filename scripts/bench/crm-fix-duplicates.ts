// The Fix Duplicates case of `npm run bench:crm`: the job started through the API and followed to its
// end (as the screen does), timed against PRODUCT's target, and the plan of its search for duplicate
// groups (EXPLAIN ANALYZE) so a run shows which indexes it used.
import { sql } from "drizzle-orm";
import { loadConfig } from "~/server/config";
import type { Db } from "~/server/db/client";
import { openConfiguredDatabase } from "~/server/db/open";
import { duplicateKeysQuery, planDuplicateSearch } from "~/server/features/crm/merge";
import type { FixDuplicatesJob } from "~/shared/schemas/crm";
import { targetConfigEnv, type DataTarget } from "./lib/servers";

export const FIX_DUPLICATES_TARGET_S = 10;

export async function benchFixDuplicates(base: string, cookie: string): Promise<{ seconds: number; job: FixDuplicatesJob }> {
  const t0 = performance.now();
  const started = await fetch(`${base}/api/crm/fix-duplicates`, { method: "POST", headers: { cookie } });
  if (started.status !== 202) throw new Error(`Fix Duplicates answered ${started.status}: ${await started.text()}`);
  let job = (await started.json()) as FixDuplicatesJob;
  while (job.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await (await fetch(`${base}/api/crm/fix-duplicates/${job.id}`, { headers: { cookie } })).json()) as FixDuplicatesJob;
  }
  if (job.status !== "done") throw new Error(`Fix Duplicates ended ${job.status}: ${job.error}`);
  return { seconds: (performance.now() - t0) / 1000, job };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the search for duplicate groups, as the job runs it. */
export async function explainFixDuplicates(target: DataTarget): Promise<string[]> {
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  try {
    return await database.db.transaction(async (tx) => {
      await planDuplicateSearch(tx as unknown as Db);
      const plan = await tx.execute(sql`explain (analyze, buffers) ${duplicateKeysQuery()}`);
      return (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]!);
    });
  } finally {
    await database.close();
    release();
  }
}
