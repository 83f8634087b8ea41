import { reasonsLine } from "~/shared/crm/lead-score";
import type { Lead } from "~/shared/schemas/crm";

/** Colours with text at AA contrast: hot, warm, cool. */
const tone = (score: number) =>
  score >= 60 ? "bg-emerald-100 text-emerald-900" : score >= 30 ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800";

/**
 * The lead score and why (issue 23 §3): "Score 72 · Simulation 81 % Excellent · applied 2 days ago ·
 * brochure". Worked out by the server for today (src/shared/crm/lead-score.ts).
 */
export function LeadScore({ lead }: { lead: Pick<Lead, "score" | "scoreReasons"> }) {
  return (
    <div className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs" data-testid="lead-score">
      <span className={`inline-flex shrink-0 rounded-full px-2 py-0.5 font-semibold tabular-nums ${tone(lead.score)}`}>
        Score {lead.score}
      </span>
      {lead.scoreReasons.length > 0 && <span className="min-w-0 wrap-anywhere text-slate-700">{reasonsLine(lead.scoreReasons)}</span>}
    </div>
  );
}
