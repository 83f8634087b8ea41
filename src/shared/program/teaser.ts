// Its own module so that the home page does not download the whole program (weeks.ts).
/** The home page teaser's short list (spec §2, Home page). */
export const PROGRAM_TEASER = [
  "Onboarding (Assessment)",
  "Week 1 Execution",
  "Week 2 Strategy",
  "Week 3 Communication",
  "Week 4 Leadership",
  "Week 5 Growth",
  "Week 6 Integration",
] as const;
