import type { DimensionOrder, DimensionScores } from "./schemas/simulation-reports";

/** The chatbot's order of a report's dimensions and skills, read from the body as it arrived. */
export function dimensionOrderOf(scores: DimensionScores): DimensionOrder {
  return Object.entries(scores).map(([name, dimension]) => ({ name, skills: Object.keys(dimension.skills) }));
}

/**
 * The dimension scores with their keys (and each dimension's skills) in the stored order; a name
 * the order does not hold follows, by name. jsonb returns keys shortest first, so the order is kept
 * beside it (issue 20 §1.7).
 */
export function orderedDimensionScores(scores: DimensionScores, order: DimensionOrder | null | undefined): DimensionScores {
  const names = orderedKeys(Object.keys(scores), order?.map((d) => d.name));
  const result: DimensionScores = {};
  for (const name of names) {
    const dimension = scores[name]!;
    const skillOrder = order?.find((d) => d.name === name)?.skills;
    const skills: Record<string, number> = {};
    for (const skill of orderedKeys(Object.keys(dimension.skills), skillOrder)) skills[skill] = dimension.skills[skill]!;
    result[name] = { average: dimension.average, skills };
  }
  return result;
}

function orderedKeys(keys: string[], order: string[] | undefined): string[] {
  const present = new Set(keys);
  const first = (order ?? []).filter((key) => present.has(key));
  const listed = new Set(first);
  return [...first, ...keys.filter((key) => !listed.has(key)).sort()];
}
