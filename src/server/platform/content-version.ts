import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentVersion } from "../db/schema";

/**
 * Reads the content version (db/tables/content-version.ts) for the public page cache.
 *
 * Every cached answer asks the database first, so an edit committed by any process is seen by the
 * next request in every process. Under load the reads are batched without going stale: a request
 * never joins a read that was already on its way to the database (it might predate the edit), only
 * the next one, so at most one read per process is in flight and one queued behind it.
 */
export function contentVersionReader(db: Db): () => Promise<number> {
  let inFlight: Promise<number> | null = null;
  let queued: Promise<number> | null = null;

  const read = async (): Promise<number> => {
    const [row] = await db.select({ version: contentVersion.version }).from(contentVersion);
    return row?.version ?? 0;
  };
  const start = (): Promise<number> => {
    const current = read().finally(() => {
      if (inFlight === current) inFlight = null;
    });
    inFlight = current;
    return current;
  };

  return () => {
    if (!inFlight) return start();
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

/** For content that no trigger watches (a setting kept elsewhere): call after the edit commits. */
export async function bumpContentVersion(db: Db): Promise<void> {
  await db.update(contentVersion).set({ version: sql`${contentVersion.version} + 1` });
}
