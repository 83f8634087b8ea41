import type { SkillKey } from "../application-options";
import { PROGRAM_WEEKS, type ProgramWeek } from "./weeks";

/**
 * Which Founder's Find week trains each of the six dimensions, and the tag words of library
 * simulations that practise it (a report's "next steps", issue 20 §2). Tech has no week of its own:
 * Week 6's end-to-end challenge is where tools and automation are put to work.
 */
const TRAINING: Record<SkillKey, { week: string; tagWords: readonly string[] }> = {
  strategy: { week: "Week 2", tagWords: ["strateg", "gtm", "diagnostic", "market", "pricing"] },
  execution: { week: "Week 1", tagWords: ["execution", "operation", "ops", "project", "category management", "unit economics"] },
  communication: { week: "Week 3", tagWords: ["communication", "stakeholder", "negotiation"] },
  leadership: { week: "Week 4", tagWords: ["leadership", "hiring", "team", "people"] },
  growth: { week: "Week 5", tagWords: ["growth", "marketing", "metrics", "brand"] },
  tech: { week: "Week 6", tagWords: ["tech", "automation", "ai", "no-code", "data"] },
};

export function trainingWeek(area: SkillKey): ProgramWeek {
  return PROGRAM_WEEKS.find((week) => week.label === TRAINING[area].week)!;
}

/** Whether one of a simulation's tags names what the area trains (whole words or their beginnings). */
export function tagsTrain(area: SkillKey, tags: readonly string[]): boolean {
  return tags.some((tag) => {
    const words = tag.toLowerCase();
    return TRAINING[area].tagWords.some((word) => new RegExp(`(^|[^a-z])${word.replace(/[-]/g, "\\-")}`).test(words));
  });
}
