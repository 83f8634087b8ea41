import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { SetupBody } from "~/shared/schemas/setup";
import { rowsOf, type Db } from "../../db/client";
import { appSetting, auditEvent, staff } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { hashPassword } from "../staff/passwords";

/**
 * First run (issue 22 §1): while no active admin exists, the server prints a one-time link at start,
 * `/setup?token=…`, that makes the first admin account in the browser. The token is 128 random bits,
 * stored only as its SHA-256 (in app_setting), good until used, and worthless once any admin exists.
 */
const SETTING = "setup_token";
/**
 * Processes started together (the workers of one PostgreSQL cluster) share one link: the first to
 * start writes it and prints it; a process started later than this replaces it with a new one (so
 * each start prints a link that works, and an earlier, lost link stops working).
 */
const SHARED_FOR_MS = 60_000;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** The one answer to a wrong token and to a closed setup alike, so the page does not tell which. */
export const SETUP_REFUSED = "This setup link is not valid. Use the link the server printed when it started, or sign in.";

const activeAdminExists = async (db: Db) =>
  (await db.select({ id: staff.id }).from(staff).where(and(sql`'admin' = any(${staff.roles})`, isNull(staff.disabledAt))).limit(1)).length > 0;

/**
 * At start: when no active admin exists, a new setup token (unless a process started less than
 * SHARED_FOR_MS ago made one); returns the link to print, "shared" when that other link still holds,
 * or null when an admin exists.
 */
export async function openSetup(db: Db, publicBaseUrl: string): Promise<string | "shared" | null> {
  if (await activeAdminExists(db)) return null;
  const token = randomBytes(16).toString("base64url");
  const value = `${digest(token)}:${Date.now()}`;
  // One statement: a fresh row, or the replacement of one older than SHARED_FOR_MS; a row returned means this process's token is the one stored.
  const written = rowsOf<{ key: string }>(
    await db.execute(sql`
      insert into app_setting (key, value) values (${SETTING}, ${value})
      on conflict (key) do update set value = excluded.value
      where split_part(app_setting.value, ':', 2)::bigint < ${Date.now() - SHARED_FOR_MS}
      returning key`),
  );
  return written.length > 0 ? `${publicBaseUrl}/setup?token=${token}` : "shared";
}

/**
 * Makes the first admin account with the link's token: the token is claimed (deleted) and "no active
 * admin yet" checked in one transaction, so two submissions of one link, or two links, make one admin.
 * The password is hashed before the transaction (argon2id takes tens of milliseconds).
 */
export async function completeSetup(db: Db, body: Omit<SetupBody, "email"> & { email: string }): Promise<{ id: string; name: string; email: string }> {
  const passwordHash = await hashPassword(body.password);
  const email = body.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .delete(appSetting)
      .where(and(eq(appSetting.key, SETTING), sql`split_part(${appSetting.value}, ':', 1) = ${digest(body.token)}`))
      .returning({ key: appSetting.key });
    if (claimed.length === 0 || (await activeAdminExists(tx as unknown as Db))) throw new AppError("forbidden", SETUP_REFUSED);
    const [row] = await tx
      .insert(staff)
      .values({ email, name: body.name, roles: ["admin"], passwordHash })
      .onConflictDoNothing({ target: staff.email })
      .returning({ id: staff.id, name: staff.name, email: staff.email });
    // Rolled back with the rest: the link still works with another address.
    if (!row) throw new AppError("conflict", `A staff account for ${email} already exists`, { email: "This e-mail already has a staff account: use another one" });
    await tx.insert(auditEvent).values({ actorStaffId: row.id, action: "staff.setup", subject: email, detail: { roles: ["admin"] } });
    return row;
  });
}
