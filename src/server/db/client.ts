import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = "pglite" | "postgres";

export interface Database {
  db: Db;
  engine: Engine;
  /** Answers when the database answers a query; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The underlying PGlite instance, for backups; null on PostgreSQL. */
  pglite: PGlite | null;
  pool: pg.Pool | null;
}

export class DatabaseUnavailableError extends Error {}

/** PostgreSQL over node-postgres: the production and scale-out path. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process.
  pool.on("error", () => {});
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`Cannot reach PostgreSQL at ${redactUrl(url)}: ${reason || "connection refused"}`);
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
    pglite: null,
    pool,
  };
}

/** Embedded PostgreSQL (PGlite); `dataDir` null keeps it in memory (tests). */
export async function openPglite(dataDir: string | null): Promise<Database> {
  // pg_trgm: the CRM's substring search (migration 0005 creates the extension).
  const extensions = { pg_trgm };
  const client = dataDir ? await PGlite.create(dataDir, { extensions }) : await PGlite.create({ extensions });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    ping: async () => void (await client.query("select 1")),
    close: () => client.close(),
    pglite: client,
    pool: null,
  };
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}
