import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * A short-lived secret that a queued e-mail carries (a candidate's sign-in code), kept in the
 * outbox only encrypted: AES-256-GCM under a key derived from the server secret with HKDF, and
 * bound to the outbox row it belongs to (additional data), so it cannot be moved to another
 * message. Stored as iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
const INFO = "founders-find outbox secret v1";

const keys = new Map<string, Buffer>();
function keyOf(serverSecret: string): Buffer {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", serverSecret, "", INFO, 32));
    keys.set(serverSecret, key);
  }
  return key;
}

export function sealSecret(serverSecret: string, value: string, boundTo: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(serverSecret), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const ciphertext = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

/** The secret, or null when it was sealed under another key or for another row, or was altered. */
export function openSecret(serverSecret: string, sealed: Buffer, boundTo: string): string | null {
  if (sealed.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(serverSecret), sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
