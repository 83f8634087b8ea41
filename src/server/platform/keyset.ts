import { sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { AppError } from "./errors";

/**
 * Keyset paging for lists that grow (newest first): the client gets an opaque cursor naming the
 * last row it saw (its sort time and id), never an offset, so a deep page costs what the first does.
 */
export interface KeysetCursor {
  at: string;
  id: string;
}

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

/** The cursor a client sent back; anything that is not one of ours is a 400 naming `cursor`. */
export function decodeCursor(value: string | undefined | null): KeysetCursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [at, id] = parsed as unknown[];
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (typeof at === "string" && !Number.isNaN(Date.parse(at)) && typeof id === "string" && uuid.test(id)) return { at, id };
    }
  } catch {
    // fall through to the one answer for every bad cursor
  }
  throw new AppError("invalid", "The page cursor is not valid", { cursor: "Not a cursor from this list" });
}

/** Splits a page fetched with `limit + 1` rows into the rows to send and the cursor of the next page. */
export function keysetPage<T>(rows: T[], limit: number, keyOf: (row: T) => KeysetCursor): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const more = rows.length > limit;
  return { items, nextCursor: more && items.length > 0 ? encodeCursor(keyOf(items[items.length - 1]!)) : null };
}

/** A cursor's values: the row's sort time and id, or placeholders of a prepared statement. */
export interface KeysetBound {
  at: string | Date | Placeholder;
  id: string | Placeholder;
}

/**
 * The rows after `cursor` in a newest-first list ordered by `(at desc, id desc)`: one row comparison,
 * `(at, id) < (…)`, which PostgreSQL reads as a range of an index on (at, id), so a deep page starts
 * where the last one stopped. No cursor (the first page): no condition.
 */
export function olderThan(at: AnyColumn, id: AnyColumn, cursor: KeysetBound | null | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const time = cursor.at instanceof Date ? cursor.at.toISOString() : cursor.at;
  return sql`(${at}, ${id}) < (${time}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * The rows after `cursor` in an oldest-first list ordered by `(at asc, id asc)` (a to-do list, soonest
 * first): the mirror of `olderThan`, `(at, id) > (…)`.
 */
export function newerThan(at: AnyColumn | SQL, id: AnyColumn, cursor: KeysetBound | null | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const time = cursor.at instanceof Date ? cursor.at.toISOString() : cursor.at;
  return sql`(${at}, ${id}) > (${time}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * The same for a list ordered by a number, highest first (`(key desc, id desc)`, the lead score): its
 * cursor is `["n", key, id]`, a number exactly as the database gave it (float8 text round-trips).
 */
export interface NumberCursor {
  key: number;
  id: string;
}

export const encodeNumberCursor = (cursor: NumberCursor) => Buffer.from(JSON.stringify(["n", cursor.key, cursor.id])).toString("base64url");

export function decodeNumberCursor(value: string | undefined | null): NumberCursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === "n") {
      const [, key, id] = parsed as unknown[];
      if (typeof key === "number" && Number.isFinite(key) && typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id)) return { key, id };
    }
  } catch {
    // the one answer below
  }
  throw new AppError("invalid", "The page cursor is not valid", { cursor: "Not a cursor from this list" });
}

/** The rows after `cursor` in a list ordered by `(key desc, id desc)`. */
export function belowKey(key: AnyColumn, id: AnyColumn, cursor: NumberCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${key}, ${id}) < (${cursor.key}::float8, ${cursor.id}::uuid)`;
}
