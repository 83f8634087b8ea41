import { SKILL_AREAS } from "~/shared/application-options";
import { formatDateTime } from "~/shared/format-date";
import type { ApplicationRecord } from "~/shared/schemas/applications";

export const fullName = (a: Pick<ApplicationRecord, "firstName" | "lastName">) => `${a.firstName} ${a.lastName}`;

/** When it was sent, in the one date style of every screen (shared/format-date.ts). */
export const formatSubmitted = formatDateTime;

/** Mean of the six ratings, to one decimal, on the scale they were given (1–5). */
export function skillAverage(skills: Record<string, number>): string {
  const values = SKILL_AREAS.map((s) => skills[s.key]).filter((v): v is number => typeof v === "number");
  if (values.length === 0) return "–";
  return (values.reduce((sum, v) => sum + v, 0) / values.length).toFixed(1);
}

/** Short names for the six skills in a compact row. */
export const SKILL_SHORT: Record<string, string> = {
  strategy: "Strategy",
  execution: "Execution",
  communication: "Communication",
  leadership: "Leadership",
  growth: "Growth",
  tech: "Tech",
};
