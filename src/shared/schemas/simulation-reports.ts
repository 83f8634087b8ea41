import { z } from "./zod";
import { emailSchema, missingOr } from "./common";
import { httpsUrlSchema } from "./links";
import { reportInsightsSchema } from "./report-insights";

/** Most scenes and answers a case study holds (visitor-side §9: Q1 to Q10). */
export const MAX_SCENES = 10;

const text = (label: string, max: number) =>
  z
    .string({
      error: missingOr(`${label} is required`, `${label} must be text`),
    })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const requiredText = (label: string, max: number) =>
  z
    .string({
      error: missingOr(`${label} is required`, `${label} must be text`),
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
/** Something other than an object of names to values: named with what it should be. */
const mapOf = (label: string, what: string) => ({
  error: missingOr(`${label} is required: ${what}`, `${label} must be ${what}`),
});
const SCORE_MESSAGE =
  "Dimension averages and skill scores must be numbers from 0 to 10";
const skillScore = z
  .number({ error: SCORE_MESSAGE })
  .min(0, SCORE_MESSAGE)
  .max(10, SCORE_MESSAGE);
const key = z
  .string()
  .trim()
  .min(1, "Names must not be empty")
  .max(120, "Names must be at most 120 characters");

export const dimensionScoresSchema = z
  .record(
    key,
    z.object(
      {
        average: skillScore,
        skills: z
          .record(
            key,
            skillScore,
            mapOf(
              "skills",
              "an object of skill names and scores from 0 to 10 (it may be empty)",
            ),
          )
          .refine(
            (skills) => Object.keys(skills).length <= 20,
            "At most 20 skills per dimension",
          ),
      },
      { error: "Each dimension must be an object { average, skills }" },
    ),
    mapOf(
      "dimensionScores",
      "an object mapping each dimension to { average, skills }",
    ),
  )
  .refine(
    (dimensions) => Object.keys(dimensions).length <= 12,
    "At most 12 dimensions",
  );
export type DimensionScores = z.infer<typeof dimensionScoresSchema>;
/** Dimension names in the chatbot's order, each with its skill names in order (stored beside the jsonb). */
export type DimensionOrder = { name: string; skills: string[] }[];

const SCENE_NUMBER = `sceneNumber must be a whole number from 1 to ${MAX_SCENES}`;
export const sceneSchema = z.object(
  {
    sceneNumber: z
      .number({ error: missingOr("sceneNumber is required", SCENE_NUMBER) })
      .int(SCENE_NUMBER)
      .min(1, SCENE_NUMBER)
      .max(MAX_SCENES, SCENE_NUMBER),
    title: text("Scene title", 300).default(""),
    sceneText: text("Scene text", 10_000).default(""),
    content: text("Scene content", 10_000).default(""),
    question: text("Scene question", 2_000).default(""),
  },
  {
    error:
      "Each scene must be an object { sceneNumber, title, sceneText, content, question }",
  },
);
export type Scene = z.infer<typeof sceneSchema>;

export const caseStudyDetailsSchema = z.object(
  {
    companyBackground: text("Company background", 10_000).default(""),
    scenes: z
      .array(sceneSchema, { error: "scenes must be a list of scenes" })
      .max(MAX_SCENES, `At most ${MAX_SCENES} scenes`)
      .default([]),
  },
  { error: "caseStudyDetails must be an object { companyBackground, scenes }" },
);
export type CaseStudyDetails = z.infer<typeof caseStudyDetailsSchema>;

const RESPONSE_KEYS = Array.from({ length: MAX_SCENES }, (_, i) => `Q${i + 1}`);
export const candidateResponsesSchema = z
  .record(
    z.string(),
    z
      .string({ error: "Each response must be text" })
      .max(10_000, "Each response must be at most 10000 characters"),
    mapOf(
      "candidateResponses",
      `an object of answers keyed Q1 to Q${MAX_SCENES} (it may be empty)`,
    ),
  )
  .superRefine((responses, ctx) => {
    const stray = Object.keys(responses).find(
      (k) => !RESPONSE_KEYS.includes(k),
    );
    if (stray !== undefined)
      ctx.addIssue({
        code: "custom",
        message: `Responses are keyed Q1 to Q${MAX_SCENES}, not "${stray.slice(0, 40)}"`,
      });
  });

const TOTAL_SCORE = "totalScore must be a number from 0 to 100";

/**
 * The body the simulation chatbot posts when a candidate finishes (POST /api/simulation/reports).
 * `resultId` is the chatbot's result id and the idempotency key.
 */
export const reportIntakeSchema = z.object(
  {
    resultId: requiredText("resultId", 200),
    email: emailSchema,
    fullName: requiredText("fullName", 200),
    simulationType: requiredText("simulationType", 200),
    simulationSlug: text("simulationSlug", 200).optional(),
    company: text("company", 200).optional(),
    totalScore: z
      .number({ error: missingOr("totalScore is required", TOTAL_SCORE) })
      .min(0, "totalScore must be from 0 to 100")
      .max(100, "totalScore must be from 0 to 100"),
    overallSummary: text("overallSummary", 10_000),
    dimensionScores: dimensionScoresSchema,
    skillFeedback: z.record(
      z.string(),
      z
        .string({ error: "Each feedback must be text" })
        .max(5_000, "Each feedback must be at most 5000 characters"),
      mapOf(
        "skillFeedback",
        "an object mapping skills to text (it may be empty)",
      ),
    ),
    caseStudyDetails: caseStudyDetailsSchema.optional(),
    candidateResponses: candidateResponsesSchema,
    /** The chatbot's own PDF of the report, if it makes one (https only: it opens from our page). */
    pdfReportLink: httpsUrlSchema.optional(),
    completedAt: z.iso
      .datetime({
        offset: true,
        error:
          "completedAt must be an ISO date-time such as 2026-11-20T09:41:00+05:30",
      })
      .optional(),
  },
  { error: "The report must be a JSON object" },
);
export type ReportIntake = z.input<typeof reportIntakeSchema>;

export const reportIntakeResultSchema = z.object({
  slug: z.string(),
  created: z.boolean(),
});

/** Spec §3 "Simulation report list item" (the candidate's dashboard). */
export const reportSummarySchema = z.object({
  fullName: z.string(),
  simulationType: z.string(),
  date: z.string(),
  slug: z.string(),
  totalScore: z.number(),
  overallSummary: z.string(),
  pdfReportLink: z.string().nullable(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** The wizard's six self-ratings (1–5), when the candidate also applied. */
export const selfRatingSchema = z.record(z.string(), z.number()).nullable();

export const reportDetailSchema = reportSummarySchema.extend({
  email: z.string(),
  company: z.string().nullable(),
  dimensionScores: z.record(
    z.string(),
    z.object({ average: z.number(), skills: z.record(z.string(), z.number()) }),
  ),
  skillFeedback: z.record(z.string(), z.string()),
  caseStudyDetails: z
    .object({
      companyBackground: z.string(),
      scenes: z.array(
        z.object({
          sceneNumber: z.number(),
          title: z.string(),
          sceneText: z.string(),
          content: z.string(),
          question: z.string(),
        }),
      ),
    })
    .nullable(),
  candidateResponses: z.record(z.string(), z.string()),
  selfRating: selfRatingSchema,
}).extend(reportInsightsSchema.shape);
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const reportListSchema = z.object({
  reports: z.array(reportSummarySchema),
  email: z.string(),
});
export type ReportList = z.infer<typeof reportListSchema>;
