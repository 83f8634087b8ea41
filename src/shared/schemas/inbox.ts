import { z } from "./zod";
import { emailSchema } from "./common";
import { optionalLinkedInUrl } from "./links";

/** Required text: whitespace-only counts as empty (spec §5). */
const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** Honeypot (see newsletter): hidden from people, filled by bots; a filled one is accepted and dropped. */
const honeypot = z.string().max(500).optional();

export const contactMessageSchema = z.object({
  name: required("Name is required", 120),
  email: emailSchema,
  subject: required("Subject is required", 200),
  message: required("Message is required", 5000),
  website: honeypot,
});
export type ContactMessageBody = z.input<typeof contactMessageSchema>;

export const mentorApplicationSchema = z.object({
  name: required("Name is required", 120),
  email: emailSchema,
  message: required("Please tell us why you'd like to become a mentor", 5000),
  experience: required("Experience is required", 200),
  expertise: required("Area of expertise is required", 200),
  linkedin: optionalLinkedInUrl.optional(),
  website: honeypot,
});
export type MentorApplicationBody = z.input<typeof mentorApplicationSchema>;

export const INBOX_KINDS = ["contact", "mentor"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const inboxMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(INBOX_KINDS),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  experience: z.string().nullable(),
  expertise: z.string().nullable(),
  linkedin: z.string().nullable(),
  receivedAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  kind: z.enum(INBOX_KINDS, { error: "Must be contact or mentor" }).optional(),
  status: z.enum(["open", "handled", "all"], { error: "Must be open, handled or all" }).default("open"),
});

export const handleBodySchema = z.object({ handled: z.boolean({ error: "handled must be true or false" }) });
