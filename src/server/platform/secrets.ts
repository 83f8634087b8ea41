import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { appSetting } from "../db/schema";

/**
 * The key behind session ids and unsubscribe tokens. SESSION_SECRET wins; without it one is
 * generated once and kept in the database, so every process behind one database shares it.
 */
export async function loadSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSetting)
    .values({ key: "session_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, "session_secret"));
  return row!.value;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

export const hmac = (secret: string, value: string) => createHmac("sha256", secret).update(value).digest("base64url");
