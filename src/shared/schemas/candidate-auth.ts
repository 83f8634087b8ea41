import { z } from "./zod";
import { emailSchema } from "./common";

/** Sign-in with a one-time code (PRODUCT.md §2). */
export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_FAILURES = 5;

export const validateEmailBodySchema = z.object({ email: emailSchema });

/** The same answer for every address, so nobody can probe which ones took a simulation. */
export const validateEmailReplySchema = z.object({ ok: z.literal(true), codeSent: z.literal(true) });

export const verifyBodySchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: "Please enter the 6-digit code" })
    .trim()
    .regex(/^\d{6}$/, "Please enter the 6-digit code"),
});

export const candidateSchema = z.object({ email: z.string() });
