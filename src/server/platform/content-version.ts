import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db } from "../db/client";
import { contentVersion } from "../db/schema";

/** Where a new content version is announced (migration 0009: a trigger on the content_version row). */
export const CONTENT_VERSION_CHANNEL = "content_version";

/**
 * The content version (db/tables/content-version.ts) the public page cache serves under. An edit
 * committed anywhere must show on the next public request in every process, so:
 *
 * - Embedded (PGlite): one process holds the database, and every write goes through it. The version
 *   is kept in memory from the announcements of the content_version trigger: PGlite hands a
 *   notification to its listeners (as a microtask) while it reads the committing statement's answer,
 *   so the version has moved on before the code that made the edit goes on, before its reply is sent
 *   and before any later request is read. No database work per public request.
 * - PostgreSQL: other processes (workers, other hosts, scripts) commit too, and a notification from
 *   them reaches this process a little after their commit, not before the next request: LISTEN
 *   alone would leave a window of a few milliseconds (more on a loaded machine) where a request that
 *   clearly came after the edit still got the old page. So every public request reads the version,
 *   cheaply: one prepared one-row select on a connection of its own (never queued behind the pool's
 *   work), and concurrent requests share reads (contentVersionReader below).
 */
export interface ContentVersion {
  /** The version to serve this request under: a number when known without asking the database. */
  current(): number | Promise<number>;
  close(): Promise<void>;
}

async function readWithDrizzle(db: Db): Promise<number> {
  const [row] = await db.select({ version: contentVersion.version }).from(contentVersion);
  return row?.version ?? 0;
}

export async function openContentVersion(database: Database): Promise<ContentVersion> {
  const { pglite, pool } = database;
  if (pglite) {
    let version = 0;
    const announced = (channel: string, payload: string) => {
      const next = Number(payload);
      if (channel === CONTENT_VERSION_CHANNEL && next > version) version = next;
    };
    // Listening first, then reading: an edit between the two is caught by one or the other.
    pglite.onNotification(announced);
    await pglite.exec(`LISTEN ${CONTENT_VERSION_CHANNEL}`);
    version = Math.max(version, await readWithDrizzle(database.db));
    return { current: () => version, close: async () => pglite.offNotification(announced) };
  }
  if (pool) {
    const reader = dedicatedReader(pool);
    return { current: contentVersionReader(reader.read), close: reader.close };
  }
  return { current: contentVersionReader(() => readWithDrizzle(database.db)), close: async () => {} };
}

const SELECT_VERSION = { name: "ff_content_version", text: "select version from content_version", rowMode: "array" as const };

/** Names the connection in pg_stat_activity. */
export const VERSION_READER_NAME = "ff_content_version";

/**
 * One connection for the version reads only, opened on first use and again after it breaks; a read
 * that fails on a broken connection is tried once more on a new one, so a restarted database server
 * costs no visitor an error.
 */
function dedicatedReader(pool: pg.Pool) {
  let client: Promise<pg.Client> | null = null;
  let closed = false;
  const connect = () => {
    const fresh = new pg.Client({ ...pool.options, application_name: VERSION_READER_NAME });
    const drop = () => {
      if (client === connecting) client = null;
      fresh.end().catch(() => {});
    };
    fresh.on("error", drop);
    fresh.on("end", drop);
    const connecting = fresh.connect().then(() => fresh);
    connecting.catch(drop);
    return connecting;
  };
  return {
    read: async (): Promise<number> => {
      for (let attempt = 1; ; attempt++) {
        if (closed) throw new Error("The content version reader is closed");
        const current = (client ??= connect());
        try {
          const result = await (await current).query<unknown[]>(SELECT_VERSION);
          return Number(result.rows[0]?.[0] ?? 0);
        } catch (error) {
          if (client === current) {
            client = null;
            void current.then((broken) => broken.end()).catch(() => {});
          }
          if (attempt === 2) throw error;
        }
      }
    },
    close: async () => {
      closed = true;
      const open = client;
      client = null;
      if (open) await (await open.catch(() => null))?.end().catch(() => {});
    },
  };
}

/**
 * Shares reads of the version among concurrent requests without going stale: a request never joins
 * a read that was already on its way to the database (it might predate the edit), only the next
 * one, so at most one read per process is in flight and one queued behind it.
 */
export function contentVersionReader(source: Db | (() => Promise<number>)): () => Promise<number> {
  const read = typeof source === "function" ? source : () => readWithDrizzle(source);
  let inFlight: Promise<number> | null = null;
  let queued: Promise<number> | null = null;

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
