import { z } from "./zod";
import { STAFF_ROLES } from "../roles";
import { emailSchema } from "./common";

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const staffUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** Who is signed in, asked by every staff page on load: `user` is null before sign-in (not a 401). */
export const staffSessionSchema = z.object({ user: staffUserSchema.nullable() });
export type StaffSession = z.infer<typeof staffSessionSchema>;
