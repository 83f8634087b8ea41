import { z } from "./zod";
import {
  COUNTRY_CODES,
  CURRENT_ROLES,
  EXPERIENCE_LEVELS,
  SKILL_MAX,
  SKILL_MIN,
  TARGET_ROLES,
} from "../application-options";
import { APPLICATION_STATUS_VALUES } from "../application-status";
import { FORBIDDEN_TEXT_MESSAGE, findForbiddenText } from "../text-input";
import { visitSourceSchema } from "./analytics";
import { emailSchema, pageQuerySchema } from "./common";
import { linkedInUrl } from "./links";

const values = <T extends readonly { value: string }[]>(list: T) => list.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** The shared LinkedIn rule (links.ts); re-exported under the name the wizard already uses. */
export const linkedInSchema = linkedInUrl;

const rating = z
  .number({ error: `Rate from ${SKILL_MIN} to ${SKILL_MAX}` })
  .int(`Rate from ${SKILL_MIN} to ${SKILL_MAX}`)
  .min(SKILL_MIN, `Rate from ${SKILL_MIN} to ${SKILL_MAX}`)
  .max(SKILL_MAX, `Rate from ${SKILL_MIN} to ${SKILL_MAX}`);

export const skillAssessmentSchema = z.object(
  { strategy: rating, execution: rating, communication: rating, leadership: rating, growth: rating, tech: rating },
  { error: "Rate each of the six skills" },
);
export type SkillAssessment = z.infer<typeof skillAssessmentSchema>;

const confirmed = (message: string) => z.literal(true, { error: message });

/** One application as the wizard collects it (visitor-side §3, §5); the server applies every rule. */
export const applicationSchema = z.object({
  firstName: required("First name is required", 100),
  lastName: required("Last name is required", 100),
  email: emailSchema,
  countryCode: z.enum(COUNTRY_CODES, { error: "Choose a country code from the list" }).default("+91"),
  mobile: z
    .string()
    .trim()
    .max(20, "At most 20 characters")
    .refine((value) => value === "" || /^[0-9][0-9 -]{4,18}[0-9]$/.test(value), "Please enter a valid mobile number")
    .default(""),
  linkedIn: linkedInSchema,
  currentRole: z.enum(values(CURRENT_ROLES), { error: "Choose your current role" }),
  experience: z.enum(values(EXPERIENCE_LEVELS), { error: "Choose your experience" }),
  motivation: required("Motivation is required", 5000),
  targetRoles: z
    .array(z.enum(values(TARGET_ROLES), { error: "Unknown target role" }), { error: "Choose at least one target role" })
    .min(1, "Choose at least one target role")
    .max(TARGET_ROLES.length)
    .transform((roles) => [...new Set(roles)]),
  skillAssessment: skillAssessmentSchema,
  readinessConfirmed: confirmed("Please confirm the weekly commitment"),
  expectationsConfirmed: confirmed("Please confirm you're ready for simulation-based learning"),
  /** Honeypot: hidden from people; a filled one is accepted and dropped. */
  website: z.string().max(500).optional(),
});
export type ApplicationInput = z.input<typeof applicationSchema>;
export type NewApplication = z.output<typeof applicationSchema>;

/**
 * Multipart text fields carry lists and objects as JSON text and booleans as "true"/"false". The
 * door's check of every field (platform/text-input.ts) sees the JSON text, where a NUL is still the
 * escape `\u0000`: what it parses to is checked here, or it would reach the database.
 */
const jsonText = (message: string) =>
  z.string({ error: message }).transform((text, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      ctx.issues.push({ code: "custom", message, input: text });
      return z.NEVER;
    }
    if (findForbiddenText(parsed) === null) return parsed;
    ctx.issues.push({ code: "custom", message: FORBIDDEN_TEXT_MESSAGE, input: text });
    return z.NEVER;
  });
const booleanText = z.enum(["true", "false"], { error: "Must be true or false" }).transform((text) => text === "true");

/** The multipart form of POST /api/applications (visitor-side §7), parsed into `applicationSchema`. */
export const applicationFormSchema = applicationSchema.extend({
  targetRoles: jsonText("Choose at least one target role").pipe(applicationSchema.shape.targetRoles),
  skillAssessment: jsonText("Rate each of the six skills").pipe(skillAssessmentSchema),
  readinessConfirmed: booleanText.pipe(applicationSchema.shape.readinessConfirmed),
  expectationsConfirmed: booleanText.pipe(applicationSchema.shape.expectationsConfirmed),
  /** The visit the wizard was sent from (JSON text), for the funnel's split by source. */
  visit: jsonText("Visit must be a JSON object").pipe(visitSourceSchema).optional(),
});

export const applicationStatusSchema = z.enum(APPLICATION_STATUS_VALUES, {
  error: `Status must be one of: ${APPLICATION_STATUS_VALUES.join(", ")}`,
});
export const statusBodySchema = z.object({ status: applicationStatusSchema });

export const applicationListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  status: applicationStatusSchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

/** An application as staff see it. */
export const applicationRecordSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  countryCode: z.string(),
  mobile: z.string(),
  linkedIn: z.string(),
  currentRole: z.string(),
  experience: z.string(),
  motivation: z.string(),
  targetRoles: z.array(z.string()),
  skillAssessment: z.record(z.string(), z.number()),
  status: z.string(),
  submittedAt: z.string(),
  resume: z.object({ fileName: z.string(), size: z.number() }).nullable(),
});
export type ApplicationRecord = z.infer<typeof applicationRecordSchema>;

export const applicationPageSchema = z.object({
  items: z.array(applicationRecordSchema),
  total: z.number(),
  /** Every application, whatever the search or stage: tells "none yet" from "none match". */
  overall: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ApplicationPage = z.infer<typeof applicationPageSchema>;
