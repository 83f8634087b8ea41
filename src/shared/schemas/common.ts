import { z } from "./zod";

/**
 * A type check's message: `missing` when the field is absent, `wrong` when it is there with another
 * type (`"resultId": 12345` is not a missing resultId).
 */
export const missingOr =
  (missing: string, wrong: string) => (issue: { input?: unknown }) =>
    issue.input === undefined ? missing : wrong;

/** Lower-cased, trimmed e-mail: the key people are matched on. */
export const emailSchema = z
  .string({ error: missingOr("Email is required", "Email must be text") })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((email) => email.toLowerCase());

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const okSchema = z.object({ ok: z.literal(true) });

/** Field errors of a form, keyed by field, from the same schema the server uses. */
export function fieldErrors(
  schema: z.ZodType,
  values: unknown,
): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  // No prototype: a field named "constructor" or "__proto__" is a field like any other.
  const errors: Record<string, string> = Object.create(null);
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The same, keyed by the whole path ("1.linkedin"): for a form that edits a list of records. */
export function fieldErrorsByPath(
  schema: z.ZodType,
  values: unknown,
): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  // No prototype: a field named "constructor" or "__proto__" is a field like any other.
  const errors: Record<string, string> = Object.create(null);
  for (const issue of parsed.error.issues)
    errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return errors;
}
