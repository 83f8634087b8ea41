import { eq } from "drizzle-orm";
import type { StaffUser } from "~/shared/schemas/auth";
import type { StaffRole } from "~/shared/roles";
import type { Db } from "../../db/client";
import { staff } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { clearLimit, countLimit, hitLimit, retryAfterSeconds, type Limit } from "../../platform/rate-limit";
import { dummyPasswordHash, verifyPassword } from "../staff/passwords";
import { findStaffByEmail } from "../staff/service";

const WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per 15 minutes, for one account and for one address. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20 } as const;

const accountLimit = (email: string): Limit => ({ key: `login:account:${email}`, max: LOGIN_LIMITS.perAccount, windowMs: WINDOW_MS });
const addressLimit = (ip: string): Limit => ({ key: `login:ip:${ip}`, max: LOGIN_LIMITS.perAddress, windowMs: WINDOW_MS });

/** Checks e-mail and password; throttled per account and per address; the same answer for every failure. */
export async function authenticate(db: Db, email: string, password: string, ip: string): Promise<StaffUser & { id: string }> {
  const limits = [accountLimit(email), addressLimit(ip)];
  for (const limit of limits) {
    if ((await countLimit(db, limit)) >= limit.max) {
      throw new AppError(
        "rate_limited",
        "Too many sign-in attempts. Please wait a few minutes and try again.",
        undefined,
        retryAfterSeconds(WINDOW_MS),
      );
    }
  }
  const row = await findStaffByEmail(db, email);
  const ok = row ? await verifyPassword(row.passwordHash, password) : await verifyPassword(await dummyPasswordHash(), password).then(() => false);
  if (!row || !ok || row.disabledAt) {
    for (const limit of limits) await hitLimit(db, limit);
    throw new AppError("unauthenticated", "Invalid email or password");
  }
  await clearLimit(db, accountLimit(email).key);
  await db.update(staff).set({ lastLoginAt: new Date() }).where(eq(staff.id, row.id));
  return { id: row.id, name: row.name, email: row.email, roles: row.roles as StaffRole[] };
}
