import { DEFAULT_STAGE, DEFAULT_STATUS, isClosedWon, STAGE_STATUSES, statusBelongsToStage, statusLabel, type LeadStage } from "./pipeline";

/**
 * The lead rule book (PRODUCT.md §5, internal-side.md §4–5): one pure module that the API's create
 * and edit, the list's inline edits, the CSV import, Fix Duplicates' merge and the web forms all
 * ask, so a rule and its message are written once. Checks that need the database (an owner who may
 * own leads, an e-mail or mobile another lead has) stay on the server; their message is here.
 */

/** What the pipeline rules read of a lead: as stored, or a new lead's defaults (NEW_LEAD_PIPELINE). */
export interface PipelineFields {
  leadStage: string;
  leadStatus: string;
  batchName: string | null;
  saleAmount: number | null;
  collectedAmount: number | null;
}

/** A change: a field left out (undefined) stays as stored, null clears it. */
export type PipelineChanges = Partial<PipelineFields>;

/** The field a broken rule is reported on (the form's field; the import names its column). */
export type RuleField = "leadStatus" | "batchName" | "collectedAmount";
export interface RuleBreak {
  field: RuleField;
  message: string;
}

export const NEW_LEAD_PIPELINE: PipelineFields = {
  leadStage: DEFAULT_STAGE,
  leadStatus: DEFAULT_STATUS,
  batchName: null,
  saleAmount: null,
  collectedAmount: null,
};

/** The spec's wording (internal-side.md §5). */
export const BATCH_REQUIRED = "Batch ID is required to convert a lead to Closed Won";
export const COLLECTED_ABOVE_SALE = "Collected amount cannot be more than the sale amount";
export const OWNER_RULE = "Only active staff with the Sales or Admin role can own leads";
export const statusOutsideStage = (status: string, stage: string) => `${statusLabel(status)} is not a status of the ${stage} stage`;

/** Whole rupees up to a hundred crore: the edit form, the API and the import's cells. */
export const MAX_RUPEES = 1_000_000_000;
export const AMOUNT_LABELS = { saleAmount: "Sale amount", collectedAmount: "Collected amount" } as const;
export const amountMessages = (label: string) => ({
  whole: `${label} must be a whole number of rupees`,
  negative: `${label} cannot be negative`,
  tooLarge: `${label} is too large`,
});

/** What is wrong with an amount, or null when it is whole rupees within the limit. */
export function amountProblem(label: string, value: number): string | null {
  const messages = amountMessages(label);
  if (!Number.isInteger(value)) return messages.whole;
  if (value < 0) return messages.negative;
  if (value > MAX_RUPEES) return messages.tooLarge;
  return null;
}

export const DATE_FORMAT_MESSAGE = "Use a date (YYYY-MM-DD)";
export const NOT_A_REAL_DATE = "Not a real date";

/** True for YYYY-MM-DD naming a day of the calendar (no 31 April, 29 February only in leap years). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

const after = <K extends keyof PipelineFields>(current: PipelineFields, changes: PipelineChanges, key: K): PipelineFields[K] =>
  changes[key] !== undefined ? (changes[key] as PipelineFields[K]) : current[key];

/** True when the lead would hold more collected than sold (a blank sale counts as nothing sold). */
export const collectedAboveSale = (lead: Pick<PipelineFields, "saleAmount" | "collectedAmount">) =>
  lead.collectedAmount !== null && lead.collectedAmount !== undefined && lead.collectedAmount > (lead.saleAmount ?? 0);

/**
 * A stage moved to without a status starts at that stage's first status (spec §4: the stage is freely
 * changeable inline, the status offered depends on it). Returns the changes with that status added.
 */
export function settleStatus<C extends PipelineChanges>(current: PipelineFields, changes: C): C {
  if (!changes.leadStage || changes.leadStatus !== undefined || statusBelongsToStage(changes.leadStage, current.leadStatus)) return changes;
  const first = STAGE_STATUSES[changes.leadStage as LeadStage]?.[0];
  return first ? { ...changes, leadStatus: first } : changes;
}

/**
 * The first rule the change breaks, or null. Each rule is checked when the change touches what it is
 * about, so an unrelated edit of a lead kept before a rule existed (a paid lead without a batch) goes
 * through: the status belongs to the stage; a Closed Won status has a non-blank batch name;
 * collected ≤ sale.
 */
export function pipelineRuleBreak(current: PipelineFields, changes: PipelineChanges): RuleBreak | null {
  const stage = after(current, changes, "leadStage");
  const status = after(current, changes, "leadStatus");
  if ((changes.leadStage !== undefined || changes.leadStatus !== undefined) && !statusBelongsToStage(stage, status)) {
    return { field: "leadStatus", message: statusOutsideStage(status, stage) };
  }
  const batch = after(current, changes, "batchName");
  if (isClosedWon(status) && (changes.leadStatus !== undefined || changes.batchName !== undefined) && !batch?.trim()) {
    return { field: "batchName", message: BATCH_REQUIRED };
  }
  if (collectedAboveSale({ saleAmount: after(current, changes, "saleAmount"), collectedAmount: after(current, changes, "collectedAmount") })) {
    return { field: "collectedAmount", message: COLLECTED_ABOVE_SALE };
  }
  return null;
}

/** What the rules need for the list's Last Call: the latest call recorded. */
export interface CallFields {
  latestCallDate: string | null;
  latestCallTime: string | null;
}

/**
 * A call date logged in the edit form becomes the lead's latest call (the list's Last Call) when it is
 * newer than the one recorded; the recorded time was that other call's, so it is cleared.
 */
export function settleLatestCall<C extends { callDate?: string | null; latestCallDate?: string | null; latestCallTime?: string | null }>(current: CallFields, changes: C): C {
  if (!changes.callDate || changes.latestCallDate !== undefined || (current.latestCallDate && changes.callDate <= current.latestCallDate)) return changes;
  const settled: C = { ...changes, latestCallDate: changes.callDate };
  if (changes.latestCallTime === undefined && current.latestCallTime) settled.latestCallTime = null;
  return settled;
}

/**
 * A sheet row that says the defaults (New / New, as the export writes a new lead) leaves a lead
 * someone already worked where it is, instead of sending it back to New.
 */
export function keepWorkedPipeline<C extends PipelineChanges>(current: PipelineFields | null, changes: C): C {
  if (!current || changes.leadStatus !== DEFAULT_STATUS || current.leadStatus === DEFAULT_STATUS) return changes;
  const kept: C = { ...changes };
  delete kept.leadStatus;
  if (kept.leadStage === DEFAULT_STAGE) delete kept.leadStage;
  return kept;
}
