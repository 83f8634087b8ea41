import { z } from "./zod";
import { visitSourceSchema } from "./analytics";
import { emailSchema } from "./common";

/** A brochure request (spec §3 "Brochure lead"); messages and their order as in spec §5. */
export const brochureRequestSchema = z.object({
  name: z.string({ error: "Please enter your name" }).trim().min(1, "Please enter your name").max(120, "Name is too long"),
  email: emailSchema,
  mobile: z
    .string({ error: "Please enter your mobile number" })
    .trim()
    .min(1, "Please enter your mobile number")
    .max(20, "Mobile number is too long")
    .regex(/^\+?[\d\s()-]{6,}$/, "Please enter a valid mobile number"),
  /** Honeypot (see newsletter). */
  website: z.string().max(500).optional(),
  /** The visit the request was sent from, for the funnel's split by source (as /api/events takes it). */
  visit: visitSourceSchema.optional(),
});
export type BrochureRequest = z.input<typeof brochureRequestSchema>;

/** The browser's own checks, in the spec's order: the first failing one is shown. */
export function firstBrochureError(form: { name: string; email: string; mobile: string }): string | null {
  if (!form.name.trim()) return "Please enter your name";
  if (!form.email.trim() || !form.email.includes("@")) return "Please enter a valid email address";
  if (!form.mobile.trim()) return "Please enter your mobile number";
  return null;
}

export const brochureDownloadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  downloadedAt: z.string(),
});
export type BrochureDownload = z.infer<typeof brochureDownloadSchema>;

export const BROCHURE_FILE_NAME = "Founders-Find-Brochure.pdf";
