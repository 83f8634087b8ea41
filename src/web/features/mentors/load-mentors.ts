import type { AppLoadContext } from "react-router";
import { DEFAULT_MENTORS } from "~/shared/default-mentors";
import type { Mentor } from "~/shared/schemas/mentors";

/** The mentor list for a public page's loader; when the database cannot be read, the built-in four. */
export async function loadMentors(context: AppLoadContext): Promise<Mentor[]> {
  try {
    const mentors = await context.listMentors();
    return mentors.length ? mentors : DEFAULT_MENTORS;
  } catch {
    return DEFAULT_MENTORS;
  }
}
