import { asc, eq } from "drizzle-orm";
import { createStaffBodySchema, type CreateStaffBody, type StaffMember, type UpdateStaffBody } from "~/shared/schemas/staff";
import type { StaffRole } from "~/shared/roles";
import type { Db } from "../../db/client";
import { auditEvent, staff } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { revokeAllSessions } from "../../platform/sessions";
import { hashPassword } from "./passwords";

type StaffRow = typeof staff.$inferSelect;

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles as StaffRole[],
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase()));
  return row ?? null;
}

export async function createStaff(db: Db, input: CreateStaffBody, actorId: string | null = null): Promise<StaffMember> {
  const data = createStaffBodySchema.parse(input);
  const passwordHash = await hashPassword(data.password);
  const [row] = await db
    .insert(staff)
    .values({ email: data.email, name: data.name, roles: data.roles, passwordHash })
    .onConflictDoNothing({ target: staff.email })
    .returning();
  if (!row) throw new AppError("conflict", `A staff account for ${data.email} already exists`, { email: "This e-mail already has an account" });
  await audit(db, actorId, "staff.create", row.email, { roles: data.roles });
  return toStaffMember(row);
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.email));
  return rows.map(toStaffMember);
}

export async function updateStaff(db: Db, id: string, patch: UpdateStaffBody, actorId: string | null): Promise<StaffMember> {
  if (actorId === id && (patch.disabled || (patch.roles && !patch.roles.includes("admin")))) {
    throw new AppError("invalid", "You cannot disable yourself or remove your own admin role", {
      [patch.disabled ? "disabled" : "roles"]: "Ask another admin to make this change",
    });
  }
  const [row] = await db
    .update(staff)
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.roles !== undefined && { roles: patch.roles }),
      ...(patch.disabled !== undefined && { disabledAt: patch.disabled ? new Date() : null }),
    })
    .where(eq(staff.id, id))
    .returning();
  if (!row) throw new AppError("not_found", "No such staff account");
  // A changed role or a disabled account takes effect at once, not at the next sign-in.
  if (patch.disabled || patch.roles) await revokeAllSessions(db, id);
  await audit(db, actorId, "staff.update", row.email, patch);
  return toStaffMember(row);
}

export async function disableStaff(db: Db, email: string): Promise<StaffMember> {
  const row = await findStaffByEmail(db, email);
  if (!row) throw new AppError("not_found", `No staff account for ${email}`);
  return updateStaff(db, row.id, { disabled: true }, null);
}

export async function resetPassword(db: Db, email: string, password: string): Promise<void> {
  const row = await findStaffByEmail(db, email);
  if (!row) throw new AppError("not_found", `No staff account for ${email}`);
  await db.update(staff).set({ passwordHash: await hashPassword(password) }).where(eq(staff.id, row.id));
  await revokeAllSessions(db, row.id);
  await audit(db, null, "staff.reset_password", row.email, {});
}

async function audit(db: Db, actorId: string | null, action: string, subject: string, detail: object) {
  await db.insert(auditEvent).values({ actorStaffId: actorId, action, subject, detail });
}
