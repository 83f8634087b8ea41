/**
 * Score bands (visitor-side §4, internal-side §2.1 and §9), used by the dashboard, the report page,
 * the staff list, its filter and the PDF.
 */

export type PerformanceLabel = "Excellent" | "Good" | "Average" | "Needs Improvement";

/** The labels' lower bounds, best first (also the lead score's simulation bands, crm/lead-score.ts). */
export const PERFORMANCE_BANDS: readonly { min: number; label: PerformanceLabel }[] = [
  { min: 80, label: "Excellent" },
  { min: 60, label: "Good" },
  { min: 40, label: "Average" },
  { min: 0, label: "Needs Improvement" },
];

/** Dashboard label of a total score out of 100. */
export function performanceLabel(score: number): PerformanceLabel {
  return PERFORMANCE_BANDS.find((band) => score >= band.min)?.label ?? "Needs Improvement";
}

export type Tone = "green" | "yellow" | "orange" | "red";

/** Badge colour of a total score: only two lower bands in effect, red below 60 (spec §4). */
export function scoreTone(score: number): Tone {
  if (score >= 80) return "green";
  if (score >= 60) return "yellow";
  return "red";
}

/** Colour of a skill score out of 10 (spec §4). */
export function skillTone(score: number): Tone {
  if (score >= 8) return "green";
  if (score >= 6) return "yellow";
  if (score >= 4) return "orange";
  return "red";
}

/** The staff list's score filter (internal-side §2.1). */
export const SCORE_BANDS = ["high", "medium", "low"] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number];
export const SCORE_BAND_LABELS: Record<ScoreBand, string> = { high: "High (80+)", medium: "Medium (60-79)", low: "Low (<60)" };
export const HIGH_PERFORMER_MIN = 80;

/** The spec's summary is dash bullets separated by ". -"; each bullet is returned without its dash. */
export function summaryBullets(summary: string): string[] {
  return summary
    .split(/(?:^|\.?\s+)-\s+/)
    .map((bullet) => bullet.trim().replace(/\.$/, ""))
    .filter(Boolean);
}

/** Skill scores keep one decimal (spec §9). */
export const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
