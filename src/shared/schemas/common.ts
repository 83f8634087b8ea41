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
  return parsed.success ? {} : issueFields(parsed.error.issues);
}

/**
 * A failed parse's issues by field: each field's first problem, a nested one by its path
 * ("items.0.name"), an unknown key by its own name (`unknownKey` words why it is refused), and a
 * problem of the whole value under `whole`. The server's 400s are built from it too.
 */
export function issueFields(
  issues: z.ZodError["issues"],
  { whole = "form", unknownKey = () => "This field is not accepted" }: { whole?: string; unknownKey?: (key: string) => string } = {},
): Record<string, string> {
  // No prototype: a field named "constructor" or "__proto__" is a field like any other.
  const errors: Record<string, string> = Object.create(null);
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") for (const key of issue.keys) errors[key] ??= unknownKey(key);
    else errors[issue.path.map(String).join(".") || whole] ??= issue.message;
  }
  return errors;
}
