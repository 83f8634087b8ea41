import { statusLabel as applicationStatusLabel } from "../application-status";
import { PERFORMANCE_BANDS, performanceLabel } from "../report-bands";

/**
 * The lead score (issue 23 §3): 0–100, "who to call first", from what the person did with us.
 * These weights are the only copy: the server writes them to `lead_score_setting` when it starts and
 * the database's `lead_score_refresh` (migration 0022) reads them there, in the same transaction as
 * each engagement; a change of weights rescores every lead once (a claimed background job).
 *
 * Points (added, then held to 0–100):
 * - simulation: the best total score × `simulationPerPoint` (81 % → 24), plus the band's points
 *   (Excellent 10, Good 5), plus `extraAttempt` for each attempt after the first (at most
 *   `extraAttemptsMax` of them: coming back for more is intent);
 * - application: `application`, plus its latest status's points (shortlisted, selected, paid add;
 *   rejected and closed lost take the application's points away again);
 * - brochure request: `brochure`;
 * - sales activity: the stage's and status's points (Connected, Interview, Pitched, Likely to Buy add;
 *   Incorrect and Closed Lost take everything away: nobody to call) and `callLogged` once a call is logged.
 *
 * Recency: the points halve every `halfLifeDays` after the person's last engagement (their newest
 * application, brochure request or report; the lead's creation when it has none). Stored is not the
 * score of one day but a key from which every day's score follows:
 *   key = ln(points + 1) + (days since 1970 of the last engagement) × ln 2 / halfLifeDays
 *   score(now) = round(e^(key − (days since 1970 of now) × ln 2 / halfLifeDays) − 1)
 * Decay is the same for every lead, so the order of the keys is the order of the scores on any
 * day: the list sorts and filters on one stored, indexed column, and nothing has to rewrite a
 * million leads each night for the numbers to stay right. What the person did, and when, is stored
 * beside it (`LeadScoreFacts`); the reasons ("applied 2 days ago") are worded when read.
 */
export const LEAD_SCORE_WEIGHTS = {
  simulationPerPoint: 0.3,
  /** Points of the best attempt's band (the report's bands, report-bands.ts). */
  simulationBands: PERFORMANCE_BANDS.map((band) => ({ min: band.min, points: band.label === "Excellent" ? 10 : band.label === "Good" ? 5 : 0 })),
  extraAttempt: 2,
  extraAttemptsMax: 3,
  application: 20,
  applicationStatus: { pending: 0, shortlisted: 5, selected: 10, pending_payment: 10, paid: 10, rejected: -20, closed_lost: -20 },
  brochure: 10,
  stage: { New: 0, "Not Connected": 0, Connected: 5, Incorrect: -100 },
  status: { Interview: 5, Pitched: 5, "Likely to Buy": 10, "Closed Lost": -100 },
  callLogged: 5,
  halfLifeDays: 30,
} as const;
export type LeadScoreWeights = typeof LEAD_SCORE_WEIGHTS;

/** What the score was worked out from (lead.score_facts), written by the database with the score. */
export interface LeadScoreFacts {
  points: number;
  simBest: number | null;
  simAttempts: number;
  appliedAt: string | null;
  applicationStatus: string | null;
  brochureAt: string | null;
  engagedAt: string;
}

const DAY_MS = 86_400_000;
const decayPerDay = (weights: Pick<LeadScoreWeights, "halfLifeDays">) => Math.LN2 / weights.halfLifeDays;

/** The score shown on `now`'s day, from the stored key (see above). */
export function scoreFromKey(key: number, now: Date, weights: Pick<LeadScoreWeights, "halfLifeDays"> = LEAD_SCORE_WEIGHTS): number {
  const value = Math.exp(key - (now.getTime() / DAY_MS) * decayPerDay(weights)) - 1;
  return Math.max(0, Math.min(100, Math.round(value)));
}

/** The smallest key whose score is `min` or more on `now`'s day: a "score at least" filter is a range of the index. */
export function keyForScore(min: number, now: Date, weights: Pick<LeadScoreWeights, "halfLifeDays"> = LEAD_SCORE_WEIGHTS): number {
  return Math.log(min + 0.5) + (now.getTime() / DAY_MS) * decayPerDay(weights);
}

/** The filter bar's "Score" choices: at least this much. */
export const SCORE_FILTERS = [80, 60, 40, 20] as const;
export const MAX_SCORE_FILTER = 100;

/** "today", "yesterday", "2 days ago", "3 months ago". */
export function ago(at: string, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / DAY_MS));
  if (days === 0) return "today";
  if (days === 1) return "yesterday";
  if (days < 60) return `${days} days ago`;
  return `${Math.floor(days / 30)} months ago`;
}

/**
 * Why the lead scores what it does, best first: "Simulation 81 % Excellent", "2 attempts",
 * "applied 2 days ago", "Shortlisted for Interview", "brochure", then the sales side.
 */
export function scoreReasons(
  facts: LeadScoreFacts | null,
  lead: { leadStage: string; leadStatus: string; latestCallDate: string | null },
  now: Date,
): string[] {
  const reasons: string[] = [];
  if (facts?.simBest !== null && facts?.simBest !== undefined) {
    reasons.push(`Simulation ${Math.round(facts.simBest)} % ${performanceLabel(facts.simBest)}`);
    if (facts.simAttempts > 1) reasons.push(`${facts.simAttempts} attempts`);
  }
  if (facts?.appliedAt) {
    reasons.push(`applied ${ago(facts.appliedAt, now)}`);
    if (facts.applicationStatus && facts.applicationStatus !== "pending") reasons.push(applicationStatusLabel(facts.applicationStatus));
  }
  if (facts?.brochureAt) reasons.push(facts.appliedAt ? "brochure" : `brochure ${ago(facts.brochureAt, now)}`);
  const status = LEAD_SCORE_WEIGHTS.status[lead.leadStatus as keyof LeadScoreWeights["status"]];
  if (lead.leadStage === "Incorrect") reasons.push(`${lead.leadStatus} (Incorrect)`);
  else if (status !== undefined) reasons.push(lead.leadStatus);
  else if (lead.leadStage === "Connected") reasons.push("connected");
  if (lead.latestCallDate) reasons.push("call logged");
  return reasons;
}

/** The reasons as one line: "Simulation 81 % Excellent · applied 2 days ago · brochure". */
export const reasonsLine = (reasons: readonly string[]) => reasons.join(" · ");
