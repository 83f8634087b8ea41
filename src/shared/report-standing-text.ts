import { ordinal } from "./ordinal";
import type { Place } from "./schemas/report-insights";

/** "Top 18% · 41st of 226 candidates", or "Early cohort · 3rd of 12 candidates" under 20 (issue 20 §2). */
export function placeText(place: Place): string {
  const share = place.topPercent === null ? "Early cohort" : `Top ${place.topPercent}%`;
  return `${share} · ${ordinal(place.rank)} of ${place.candidates.toLocaleString("en-IN")} ${place.candidates === 1 ? "candidate" : "candidates"}`;
}

/** A change in score with its sign: "+1.2", "−0.5", "±0". */
export function changeText(change: number, digits = 1): string {
  if (change === 0) return "±0";
  const text = Math.abs(change).toFixed(digits).replace(/\.0$/, "");
  return change > 0 ? `+${text}` : `−${text}`;
}
