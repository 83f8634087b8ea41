/**
 * Text PostgreSQL cannot store or that is not valid Unicode: the NUL character (text columns
 * refuse it) and UTF-16 surrogates without their pair (they cannot be encoded as UTF-8).
 * Input carrying either is refused at the door (server/platform/text-input.ts), never stored.
 */
export const FORBIDDEN_TEXT_MESSAGE = "Contains a character that is not allowed (a NUL character or an unpaired surrogate)";

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !FORBIDDEN.test(value);
}

/**
 * The path (dot separated, as in our field errors) of the first string, or object key, in a parsed
 * body or query that is not storable text; null when everything is fine.
 */
export function findForbiddenText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : path.join(".") || "_";
  // Bodies are at most 1 MB; the depth cap only keeps a hostile nesting from exhausting the stack.
  if (value === null || typeof value !== "object" || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findForbiddenText(value[index], [...path, String(index)], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    if (!isStorableText(key)) return [...path, key.replace(/[\u0000\ud800-\udfff]/g, "\ufffd")].join(".");
    const found = findForbiddenText(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
