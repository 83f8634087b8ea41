import { optionalHttpUrl, optionalImageLink, optionalLinkedInUrl } from "./links";
import { z } from "./zod";

const optionalUrl = optionalHttpUrl(undefined, 500);

export const mentorSchema = z.object({
  id: z.number().int().min(1),
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(120),
  role: z.string({ error: "Role is required" }).trim().min(1, "Role is required").max(160),
  image: optionalImageLink().default(""),
  bio: z.string().trim().max(2000).default(""),
  linkedin: optionalLinkedInUrl.default(""),
  twitter: optionalUrl.optional(),
  website: optionalUrl.optional(),
});
export type Mentor = z.infer<typeof mentorSchema>;

/** The whole list, as the Mentors tab saves it; ids are the table's key, so each must differ. */
export const mentorListSchema = z
  .array(mentorSchema)
  .max(100, "At most 100 mentors")
  .superRefine((mentors, ctx) => {
    const seen = new Set<number>();
    mentors.forEach((mentor, index) => {
      if (seen.has(mentor.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: "Each mentor needs a different id" });
      seen.add(mentor.id);
    });
  });

/**
 * The list as stored and answered: the same fields, but a link saved under an older rule is still
 * answered as it is (the editor asks for a valid one at the next save) rather than failing the page.
 */
export const storedMentorListSchema = z.array(mentorSchema.extend({ linkedin: z.string() }));
