import { asc } from "drizzle-orm";
import type { Mentor } from "~/shared/schemas/mentors";
import type { Db } from "../../db/client";
import { mentor } from "../../db/schema";

export async function listMentors(db: Db): Promise<Mentor[]> {
  const rows = await db.select().from(mentor).orderBy(asc(mentor.position));
  return rows.map(({ position: _position, twitter, website, ...rest }) => ({
    ...rest,
    ...(twitter ? { twitter } : {}),
    ...(website ? { website } : {}),
  }));
}

/** Saves the whole list, as the Mentors tab sends it, in one transaction. */
export async function replaceMentors(db: Db, mentors: Mentor[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(mentor);
    if (mentors.length) {
      await tx.insert(mentor).values(mentors.map((m, position) => ({ ...m, position, twitter: m.twitter || null, website: m.website || null })));
    }
  });
}
