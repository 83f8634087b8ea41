import type { Simulation } from "./schemas/simulations";

type Filterable = Pick<Simulation, "title" | "subtitle" | "tags">;

/** Every tag used by any simulation, once each, in first-seen order. */
export function libraryTags(simulations: readonly Filterable[]): string[] {
  return [...new Set(simulations.flatMap((s) => s.tags))];
}

/**
 * The library's filter (visitor-side §5): search is case-insensitive over title, subtitle and
 * tags; a simulation matches the tag filter when it has any selected tag; both must hold.
 */
export function filterSimulations<T extends Filterable>(simulations: readonly T[], search: string, selectedTags: readonly string[]): T[] {
  const needle = search.trim().toLowerCase();
  return simulations.filter((s) => {
    const matchesSearch = !needle || [s.title, s.subtitle, ...s.tags].some((text) => text.toLowerCase().includes(needle));
    const matchesTags = selectedTags.length === 0 || s.tags.some((tag) => selectedTags.includes(tag));
    return matchesSearch && matchesTags;
  });
}
