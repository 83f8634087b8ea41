import { z } from "./zod";
import { emailSchema } from "./common";

export const subscribeBodySchema = z.object({
  email: emailSchema,
  /** Honeypot: hidden from people, filled in by bots; a filled one is accepted and dropped. */
  website: z.string().max(500).optional(),
});
export type SubscribeBody = z.input<typeof subscribeBodySchema>;

export const unsubscribeBodySchema = z.object({
  token: z.string({ error: "Token is required" }).min(10, "The unsubscribe link is not valid").max(200),
});

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  subscribedAt: z.string(),
  unsubscribedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
