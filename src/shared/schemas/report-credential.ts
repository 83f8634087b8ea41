import { placeSchema } from "./report-insights";
import { z } from "./zod";

/**
 * A shared report's public credential (issue 20 §3): what /verify/{id} and GET /api/verify/{id}
 * show anyone. Deliberately a short list of fields — never the answers, the feedback or the e-mail.
 */

/** 144 random bits in base64url (24 characters); anything else cannot be a credential id. */
export const credentialIdSchema = z
  .string({ error: "id is required" })
  .regex(/^[A-Za-z0-9_-]{22,64}$/, "id is not a credential id");

export const credentialParamsSchema = z.object({ id: credentialIdSchema });

/** The owner's view of the sharing switch (PUT and GET …/share). */
export const credentialShareSchema = z.object({
  shared: z.boolean(),
  /** The credential id while shared, else null. */
  shareId: z.string().nullable(),
  /** The public verification page, /verify/{shareId}, absolute; null when not shared. */
  url: z.string().nullable(),
  sharedAt: z.string().nullable(),
});
export type CredentialShare = z.infer<typeof credentialShareSchema>;

export const publicCredentialSchema = z.object({
  credentialId: z.string(),
  /** The verification page itself (absolute). */
  url: z.string(),
  /** The share image, 1200×630 PNG (absolute). */
  imageUrl: z.string(),
  issuer: z.string(),
  fullName: z.string(),
  simulationType: z.string(),
  /** When the simulation was completed (ISO); pages show it in Asia/Kolkata. */
  completedAt: z.string(),
  sharedAt: z.string(),
  totalScore: z.number(),
  /** Excellent, Good, Average or Needs Improvement (the report's bands). */
  band: z.string(),
  /** Overall rank among each candidate's best attempt at the simulation (topPercent null: an early cohort, under 20). */
  standing: placeSchema.nullable(),
  /** Dimension averages out of 10, in the report's order. */
  dimensions: z.array(z.object({ name: z.string(), average: z.number() })),
});
export type PublicCredential = z.infer<typeof publicCredentialSchema>;
