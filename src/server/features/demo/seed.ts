import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appSetting } from "../../db/schema";
import { backfillDemoAvatars, defaultMentorsWithAvatars } from "../mentors/demo-avatars";
import { replaceMentors } from "../mentors/service";
import { loadSharp, storeImage } from "../images/service";
import { simulationArtworkSvg } from "../simulations/artwork";
import { DEMO_SIMULATIONS } from "../simulations/demo";
import { createSimulation } from "../simulations/service";
import { demoReports } from "../reports/demo";
import { receiveReport } from "../reports/intake";

/**
 * Loads the demo content once, on the first start of a new installation (PRODUCT.md
 * "Reference data"), so a fresh site is complete. Later edits by staff are never overwritten.
 */
export async function seedDemoContent(db: Db, publicBaseUrl = "http://localhost:3000"): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    // Several workers (WEB_CONCURRENCY) start at once: the first holds the marker while it draws the
    // portraits and artwork, which can take longer than the pool's lock limit on a busy machine. The
    // others wait for it (however long) and then find the marker, instead of failing their start.
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`set local statement_timeout = 0`);
    const claimed = await tx
      .insert(appSetting)
      .values({ key: "demo_seeded_at", value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const txDb = tx as unknown as Db;
    await replaceMentors(txDb, await defaultMentorsWithAvatars(txDb));
    await seedDemoSimulations(txDb);
    return true;
  });
  // Its own marker, so installations seeded before the portraits existed get them too.
  await backfillDemoAvatars(db);
  // Its own marker, so installations seeded before reports existed get them too.
  const reportsSeeded = await seedDemoReports(db, publicBaseUrl);
  return seeded || reportsSeeded;
}

/**
 * Two reports for demo.candidate@example.com, through the webhook's own path (lead included), with
 * nobody told: no e-mail goes out unless staff send it (Email Notifications shows them "Not yet
 * told", a first bulk send to try). Marked as told without an e-mail, they showed "Failed".
 */
async function seedDemoReports(db: Db, publicBaseUrl: string): Promise<boolean> {
  const claimed = await db.insert(appSetting).values({ key: "demo_reports_seeded_at", value: new Date().toISOString() }).onConflictDoNothing().returning();
  if (claimed.length === 0) return false;
  for (const report of demoReports()) await receiveReport(db, report, publicBaseUrl, { notify: false });
  return true;
}

export async function isDemoSeeded(db: Db): Promise<boolean> {
  return (await db.select().from(appSetting).where(eq(appSetting.key, "demo_seeded_at"))).length > 0;
}

/** Oldest first, so the library (newest first) shows them in the listed order. */
async function seedDemoSimulations(db: Db): Promise<void> {
  const sharp = await loadSharp();
  for (const input of [...DEMO_SIMULATIONS].reverse()) {
    const png = await sharp(Buffer.from(simulationArtworkSvg(input.title, input.tags ?? []))).png().toBuffer();
    const { imageUrl } = await storeImage(db, "simulation-image", png);
    await createSimulation(db, { ...input, imageUrl });
  }
}
