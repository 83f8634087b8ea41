import { isHttpUrl, optionalImageLink } from "./links";
import { z } from "./zod";

export const SIMULATION_VISIBILITIES = ["public", "unlisted"] as const;
export type SimulationVisibility = (typeof SIMULATION_VISIBILITIES)[number];

/** Tags are trimmed; empty and duplicate ones are ignored (internal-side §5), here and in the form. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const TYPEBOT_URL_MESSAGE = "Typebot URL must be a link starting with http:// or https://";

/** Our own stored image (/api/images/…) or an http(s) link; empty means no image. */
const imageUrl = optionalImageLink("Image must be an uploaded image or an http(s) link");

/** The body of create and update (internal-side §7), used by the form and the API. */
export const simulationInputSchema = z.object({
  title: required("Title", 120),
  subtitle: required("Subtitle", 300),
  imageUrl: imageUrl.default(""),
  tags: z
    .array(z.string().max(40, "Each tag must be at most 40 characters"), { error: "Tags must be a list" })
    .max(30, "At most 30 tags")
    .default([])
    .transform(cleanTags),
  instructions: required("Instructions", 10_000),
  typebotUrl: required("Typebot URL", 500).refine(isHttpUrl, { message: TYPEBOT_URL_MESSAGE }),
  visibility: z.enum(SIMULATION_VISIBILITIES, { error: "Visibility must be public or unlisted" }).default("public"),
});
export type SimulationInput = z.input<typeof simulationInputSchema>;

export const simulationSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  slug: z.string(),
  imageUrl: z.string(),
  tags: z.array(z.string()),
  instructions: z.string(),
  typebotUrl: z.string(),
  visibility: z.enum(SIMULATION_VISIBILITIES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Simulation = z.infer<typeof simulationSchema>;

export const simulationListSchema = z.array(simulationSchema);

/**
 * What a library card shows, and all the library page sends for each simulation: instructions and
 * the chatbot link are fetched when a simulation's dialog opens (GET /api/simulations/{slug}).
 */
export const simulationCardSchema = simulationSchema.pick({ slug: true, title: true, subtitle: true, imageUrl: true, tags: true });
export type SimulationCard = z.infer<typeof simulationCardSchema>;
export const simulationSlugParamsSchema = z.object({ slug: z.string().max(200) });
export const simulationIdParamsSchema = z.object({ id: z.uuid({ error: "Unknown simulation" }) });
