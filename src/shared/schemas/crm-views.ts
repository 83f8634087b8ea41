import { z } from "./zod";
import { leadListQuerySchema } from "./crm";

export const SAVED_VIEW_NAME_MAX = 60;
const QUERY_MAX = 2000;
/** Parameters a view never keeps: where a page of the list began, and which view was open. */
const TRANSIENT = new Set(["cursor", "limit", "savedView"]);
/** The list's own parameters, checked by its schema; others (a sort, a layout) are kept as they are. */
const LIST_KEYS = ["view", "q", "stage", "status", "owner", "followUp"] as const;

/**
 * A view's query: the /crm address's query string (tab, search, filters, sort), without the paging.
 * The list's parameters must be ones the list accepts (a 400 names the first wrong one).
 */
export const savedViewQuerySchema = z
  .string()
  .max(QUERY_MAX, `At most ${QUERY_MAX} characters`)
  .transform((value, ctx) => {
    const params = new URLSearchParams(value.replace(/^\?/, ""));
    for (const key of TRANSIENT) params.delete(key);
    const listed: Record<string, string | string[]> = {};
    for (const key of LIST_KEYS) {
      const all = params.getAll(key);
      if (all.length) listed[key] = key === "stage" || key === "status" ? all : all[0]!;
    }
    const parsed = leadListQuerySchema.safeParse(listed);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      ctx.addIssue({ code: "custom", message: `${String(issue.path[0] ?? "query")}: ${issue.message}` });
      return z.NEVER;
    }
    for (const [key, v] of params) {
      if (v.length > 200 || key.length > 40) {
        ctx.addIssue({ code: "custom", message: `${key.slice(0, 40)}: at most 200 characters` });
        return z.NEVER;
      }
    }
    params.sort();
    return params.toString();
  });

export const savedViewInputSchema = z.object({
  name: z
    .string({ error: "Name the view" })
    .trim()
    .min(1, "Name the view")
    .max(SAVED_VIEW_NAME_MAX, `At most ${SAVED_VIEW_NAME_MAX} characters`),
  query: savedViewQuerySchema.default(""),
  shared: z.boolean({ error: "Shared is true or false" }).default(false),
});
export type SavedViewInput = z.input<typeof savedViewInputSchema>;

export const savedViewPatchSchema = z
  .object({
    name: savedViewInputSchema.shape.name.optional(),
    query: savedViewQuerySchema.optional(),
    shared: z.boolean({ error: "Shared is true or false" }).optional(),
  })
  .strict();
export type SavedViewPatch = z.input<typeof savedViewPatchSchema>;

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  shared: z.boolean(),
  ownerId: z.string(),
  ownerName: z.string(),
  /** The signed-in person may rename, change or delete it (its creator; an admin for a shared view). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewIdParamsSchema = z.object({ id: z.uuid({ error: "Not a view id" }) });
