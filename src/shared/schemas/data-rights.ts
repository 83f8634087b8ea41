import { z } from "./zod";

/** "Your data" on the candidate dashboard (issue 20 §5): download everything, or erase it with a code. */
export const ERASURE_CODE_TTL_MINUTES = 15;
export const ERASURE_CODE_MAX_FAILURES = 5;

/** What "Delete my data" would do for the signed-in address: shown in the dialog and in the code e-mail. */
export const erasurePlanSchema = z.object({
  reports: z.number().int(),
  applications: z.number().int(),
  brochureRequests: z.number().int(),
  messages: z.number().int(),
  newsletter: z.boolean(),
  /** The CRM lead: anonymised, cut down to its payment record (kept by law), or there is none. */
  lead: z.enum(["anonymise", "keep-payment", "none"]),
});
export type ErasurePlan = z.infer<typeof erasurePlanSchema>;

const CODE_MESSAGE = "Please enter the 6-digit code";

export const erasureConfirmSchema = z.object({
  // Pasted codes keep only their digits (" 147 452" is 147452), then must be six of them.
  code: z
    .string({ error: CODE_MESSAGE })
    .max(40, CODE_MESSAGE)
    .transform((value) => value.replace(/\D/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE)),
});

export const erasureResultSchema = z.object({
  erased: z.literal(true),
  /** The payment record kept by law, when there was one: the dialog says so. */
  keptPaymentRecord: z.boolean(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

export const DATA_REQUEST_KINDS = ["export", "erase"] as const;

export const dataRequestSchema = z.object({
  kind: z.enum(DATA_REQUEST_KINDS),
  at: z.string(),
  /** SHA-256 of the normalised e-mail address: staff can check an address without the list holding it. */
  emailHash: z.string(),
  detail: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
});
export const dataRequestListSchema = z.object({ items: z.array(dataRequestSchema) });
export type DataRequest = z.infer<typeof dataRequestSchema>;
