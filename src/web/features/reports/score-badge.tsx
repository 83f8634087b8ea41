import { scoreTone } from "~/shared/report-bands";
import { BADGE_TONE } from "./tone";

/** A total score out of 100 as a coloured badge ("68%"), green 80+, yellow 60–79, red below (spec §4). */
export function ScoreBadge({ score, className = "" }: { score: number; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${BADGE_TONE[scoreTone(score)]} ${className}`}>
      {Math.round(score)}%
    </span>
  );
}
