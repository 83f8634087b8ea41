import { SKILL_AREAS, type SkillKey } from "./application-options";

/**
 * The six dimensions a simulation measures are the wizard's six skill areas (visitor-side §3).
 * The chatbot names them in words ("Business Strategy & Thinking"); this finds the area a
 * dimension stands for, by its label or its key word, for the staff columns and the self-rating.
 */
export function dimensionKey(name: string): SkillKey | null {
  const lower = name.toLowerCase();
  const exact = SKILL_AREAS.find((area) => area.label.toLowerCase() === lower);
  if (exact) return exact.key;
  const byWord = SKILL_AREAS.find((area) => lower.includes(area.key === "tech" ? "tech" : area.key.slice(0, 6)));
  return byWord?.key ?? null;
}

/** Each area's average out of 10 (null when the report has no such dimension). */
export function areaAverages(dimensions: Record<string, { average: number }>): Record<SkillKey, number | null> {
  const result = Object.fromEntries(SKILL_AREAS.map((area) => [area.key, null])) as Record<SkillKey, number | null>;
  for (const [name, dimension] of Object.entries(dimensions)) {
    const key = dimensionKey(name);
    if (key && result[key] === null) result[key] = dimension.average;
  }
  return result;
}
