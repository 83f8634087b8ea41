import { z } from "./zod";
import { STAFF_ROLES } from "../roles";
import { emailSchema } from "./common";

/** Passwords: long enough to resist guessing, short enough to hash quickly. */
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(12, "Password must be at least 12 characters")
  .max(256, "Password must be at most 256 characters");

export const rolesSchema = z
  .array(z.enum(STAFF_ROLES, { error: `Roles must be among ${STAFF_ROLES.join(", ")}` }))
  .min(1, "Choose at least one role")
  .transform((roles) => [...new Set(roles)]);

export const staffNameSchema = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(120);

export const createStaffBodySchema = z.object({
  email: emailSchema,
  name: staffNameSchema,
  roles: rolesSchema,
  password: passwordSchema,
});
export type CreateStaffBody = z.input<typeof createStaffBodySchema>;

export const updateStaffBodySchema = z
  .object({
    name: staffNameSchema.optional(),
    roles: rolesSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "Nothing to change" });
export type UpdateStaffBody = z.input<typeof updateStaffBodySchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
