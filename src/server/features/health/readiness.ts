import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client";
import { migrationsFolder } from "../../db/migrate";

export interface Readiness {
  status: "ready" | "unavailable";
  database: "up" | "down";
  /** "unknown" when the database did not answer. */
  migrations: "current" | "missing" | "unknown";
  /** Bundled migrations the database has not applied, by name. */
  missingMigrations: string[];
  /** The process is shutting down. */
  draining: boolean;
  /** What keeps the node from serving, empty when ready. */
  failed: ("database" | "migrations" | "draining")[];
}

/** A proxy's health check gives up after a few seconds: answer 503 before it does. */
const CHECK_WAIT_MS = 3_000;

interface BundledMigration {
  tag: string;
  /** drizzle's key for a migration: the journal's `when`, stored as `created_at` once applied. */
  when: number;
}

let bundled: BundledMigration[] | null = null;

/** The migrations shipped with this build (drizzle's journal), read once: they do not change while the process runs. */
function bundledMigrations(): BundledMigration[] {
  bundled ??= (JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: BundledMigration[] }).entries.map(({ tag, when }) => ({ tag, when }));
  return bundled;
}

function withinWait<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the database did not answer in time")), CHECK_WAIT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** PostgreSQL's codes for a missing table and a missing schema: a database never migrated. */
const NEVER_MIGRATED = new Set(["42P01", "3F000"]);

/** The bundled migrations the database has not recorded as applied (drizzle.__drizzle_migrations), by name. */
async function missingMigrations(db: Db): Promise<string[]> {
  let rows: { created_at: string | number }[];
  try {
    rows = rowsOf(await db.execute(sql`select created_at from drizzle.__drizzle_migrations`));
  } catch (error) {
    const code = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
    if (typeof code === "string" && NEVER_MIGRATED.has(code)) rows = [];
    else throw error;
  }
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  return bundledMigrations()
    .filter((migration) => !applied.has(migration.when))
    .map((migration) => migration.tag);
}

/**
 * Whether this node can serve: the database answers, it has every migration this build ships (a node
 * started against a database that another, older node migrated, or whose migrations failed, cannot),
 * and the process is not shutting down. A load balancer stops sending to a node that says 503.
 */
export async function checkReadiness(db: Db, draining: boolean): Promise<Readiness> {
  let missing: string[] | null = null;
  try {
    missing = await withinWait(missingMigrations(db));
  } catch {
    missing = null;
  }
  const failed: Readiness["failed"] = [];
  if (missing === null) failed.push("database");
  else if (missing.length > 0) failed.push("migrations");
  if (draining) failed.push("draining");
  return {
    status: failed.length ? "unavailable" : "ready",
    database: missing === null ? "down" : "up",
    migrations: missing === null ? "unknown" : missing.length ? "missing" : "current",
    missingMigrations: missing ?? [],
    draining,
    failed,
  };
}
