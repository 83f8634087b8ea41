/** The default mentors live in shared code: the public pages fall back to them too. */
export { DEFAULT_MENTORS } from "~/shared/default-mentors";
