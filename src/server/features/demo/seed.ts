import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appSetting } from "../../db/schema";
import { DEFAULT_MENTORS } from "../mentors/defaults";
import { replaceMentors } from "../mentors/service";

/**
 * Loads the demo content once, on the first start of a new installation (PRODUCT.md
 * "Reference data"), so a fresh site is complete. Later edits by staff are never overwritten.
 */
export async function seedDemoContent(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSetting)
      .values({ key: "demo_seeded_at", value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const txDb = tx as unknown as Db;
    await replaceMentors(txDb, DEFAULT_MENTORS);
    return true;
  });
}

export async function isDemoSeeded(db: Db): Promise<boolean> {
  return (await db.select().from(appSetting).where(eq(appSetting.key, "demo_seeded_at"))).length > 0;
}
