import type { createAvatar } from "@dicebear/core";
import type * as notionists from "@dicebear/notionists";
import { eq } from "drizzle-orm";
import type { Mentor } from "~/shared/schemas/mentors";
import type { Db } from "../../db/client";
import { appSetting, mentor } from "../../db/schema";
import { loadSharp, storeImage } from "../images/service";
import { DEFAULT_MENTORS } from "./defaults";

type Look = NonNullable<Parameters<typeof createAvatar<notionists.Options>>[1]>;

/**
 * Illustrated portraits of the four demo mentors: DiceBear's "Notionists" style (design by Zoish,
 * CC0 1.0; code MIT), drawn at seed time. The features are chosen, not left to the name's hash, so
 * each portrait fits the person it stands for. Staff replace them by uploading a photo.
 */
const LOOKS: Record<string, Look> = {
  "Ananya Iyer": { hair: ["variant23"], lips: ["variant03"], beardProbability: 0, glassesProbability: 0, backgroundColor: ["c7d2fe"] },
  "Rohan Mehta": { hair: ["variant05"], lips: ["variant14"], beardProbability: 0, glassesProbability: 0, backgroundColor: ["fde68a"] },
  "Kavya Nair": { hair: ["variant47"], lips: ["variant17"], beardProbability: 0, glasses: ["variant11"], glassesProbability: 100, backgroundColor: ["bbf7d0"] },
  "Arjun Sethi": { hair: ["variant21"], lips: ["variant23"], beardProbability: 0, glasses: ["variant03"], glassesProbability: 100, backgroundColor: ["bae6fd"] },
};

/** A demo mentor's portrait as a PNG, or null for anyone else. */
async function drawDemoAvatar(name: string): Promise<Buffer | null> {
  const look = LOOKS[name];
  if (!look) return null;
  // Loaded here, not at start: only a seed or the one-time backfill draws portraits (memory, issue 12).
  const [{ createAvatar: draw }, style, sharp] = await Promise.all([import("@dicebear/core"), import("@dicebear/notionists"), loadSharp()]);
  const svg = draw(style, { seed: name, size: 640, gestureProbability: 0, ...look }).toString();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Stored like an upload (content-addressed WebP at each width); "" without a portrait. */
const storedUrl = async (db: Db, png: Buffer | null) => (png ? (await storeImage(db, "mentor-image", png)).imageUrl : "");

/**
 * The default mentors with their portraits, for a new installation. Drawn side by side (sharp works
 * off the event loop), stored one after another: `db` is the seed's transaction, one connection,
 * which takes one statement at a time (node-postgres queues another sent meanwhile, and says pg 9
 * will not; each store's nested transaction is a savepoint, and four at once interleaved them).
 */
export async function defaultMentorsWithAvatars(db: Db): Promise<Mentor[]> {
  const portraits = await Promise.all(DEFAULT_MENTORS.map((m) => (m.image ? null : drawDemoAvatar(m.name))));
  const mentors: Mentor[] = [];
  for (const [i, m] of DEFAULT_MENTORS.entries()) mentors.push({ ...m, image: m.image || (await storedUrl(db, portraits[i] ?? null)) });
  return mentors;
}

/**
 * Installations seeded before the portraits existed: once, a demo mentor still without an image
 * (same name, no photo uploaded) gets their portrait. Anyone staff added or gave a photo is left alone.
 */
export async function backfillDemoAvatars(db: Db): Promise<void> {
  const claimed = await db.insert(appSetting).values({ key: "demo_avatars_seeded_at", value: new Date().toISOString() }).onConflictDoNothing().returning();
  if (claimed.length === 0) return;
  for (const row of await db.select({ id: mentor.id, name: mentor.name, image: mentor.image }).from(mentor)) {
    if (row.image || !LOOKS[row.name]) continue;
    await db.update(mentor).set({ image: await storedUrl(db, await drawDemoAvatar(row.name)) }).where(eq(mentor.id, row.id));
  }
}
