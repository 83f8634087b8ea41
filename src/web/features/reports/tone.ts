import type { Tone } from "~/shared/report-bands";

/** Badge colours of the score bands; dark text on a light fill keeps WCAG AA contrast. */
export const BADGE_TONE: Record<Tone, string> = {
  green: "bg-green-100 text-green-800 ring-green-600/30",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-600/30",
  orange: "bg-orange-100 text-orange-900 ring-orange-600/30",
  red: "bg-red-100 text-red-800 ring-red-600/30",
};

/** Bar fills of skill scores (the number is always printed beside the bar: colour is never alone). */
export const BAR_TONE: Record<Tone, string> = {
  green: "bg-green-600",
  yellow: "bg-yellow-500",
  orange: "bg-orange-500",
  red: "bg-red-600",
};
