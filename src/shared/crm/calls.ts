/**
 * A logged call's outcome (issue 23 §1 "Log a call"): the four a sales caller picks from, in the order
 * the form shows them, with their labels. The database holds the keys (lead_call_outcome_check).
 */
export const CALL_OUTCOMES = ["connected", "no_answer", "call_back", "wrong_number"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  connected: "Connected",
  no_answer: "No answer",
  call_back: "Call back",
  wrong_number: "Wrong number",
};
