import sharp from "sharp";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appSetting } from "../../db/schema";
import { DEFAULT_MENTORS } from "../mentors/defaults";
import { replaceMentors } from "../mentors/service";
import { storeImage } from "../images/service";
import { DEMO_SIMULATIONS, demoImageSvg } from "../simulations/demo";
import { createSimulation } from "../simulations/service";

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
    await seedDemoSimulations(txDb);
    return true;
  });
}

export async function isDemoSeeded(db: Db): Promise<boolean> {
  return (await db.select().from(appSetting).where(eq(appSetting.key, "demo_seeded_at"))).length > 0;
}

/** Oldest first, so the library (newest first) shows them in the listed order. */
async function seedDemoSimulations(db: Db): Promise<void> {
  for (const { colors, ...input } of [...DEMO_SIMULATIONS].reverse()) {
    const png = await sharp(Buffer.from(demoImageSvg(input.title, colors))).png().toBuffer();
    const { imageUrl } = await storeImage(db, "simulation-image", png);
    await createSimulation(db, { ...input, imageUrl });
  }
}
