/**
 * The CRM pipeline (internal-side.md §4 "CRM lead stages and statuses"): one table used by the
 * form, the server's rules and the tests.
 */
export const LEAD_STAGES = ["New", "Not Connected", "Connected", "Incorrect"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const STAGE_STATUSES = {
  New: ["New"],
  "Not Connected": ["Call Back", "DNR 1", "DNR 2", "DNR 3"],
  Connected: ["Interview", "Pitched", "Likely to Buy", "CW - Token", "CW - Full", "CW - Free", "Closed Lost"],
  Incorrect: ["Mob # Wrong", "Duplicate", "Test"],
} as const satisfies Record<LeadStage, readonly string[]>;

export type LeadStatus = (typeof STAGE_STATUSES)[LeadStage][number];
export const LEAD_STATUSES = LEAD_STAGES.flatMap((stage) => STAGE_STATUSES[stage]) as LeadStatus[];

/** How a status is shown; the stored value stays the short one (it is what the legacy sheet used). */
export const STATUS_LABELS: Partial<Record<LeadStatus, string>> = {
  "CW - Token": "Closed Won - Paid Token",
  "CW - Full": "Closed Won - Paid Full",
  "CW - Free": "Closed Won - Free",
};
export const statusLabel = (status: string) => STATUS_LABELS[status as LeadStatus] ?? status;

export const LEAD_PRIORITIES = ["Very Low", "Low", "Medium", "High"] as const;
export type LeadPriority = (typeof LEAD_PRIORITIES)[number];
/** The edit form offers these three (spec §4); Very Low still shows and stays when set elsewhere. */
export const EDIT_FORM_PRIORITIES = ["High", "Medium", "Low"] as const satisfies readonly LeadPriority[];

export const DEFAULT_STAGE: LeadStage = "New";
export const DEFAULT_STATUS: LeadStatus = "New";
export const DEFAULT_PRIORITY: LeadPriority = "Medium";

/** Paid Users are the leads whose status begins with "CW - "; they need a batch name. */
export const CLOSED_WON_PREFIX = "CW - ";
export const isClosedWon = (status: string | null | undefined) => !!status && status.startsWith(CLOSED_WON_PREFIX);
export const CLOSED_WON_STATUSES = LEAD_STATUSES.filter(isClosedWon);

/** Conversion Rate counts these (spec §9); Free is won but not a sale. */
export const CONVERSION_STATUSES = ["CW - Token", "CW - Full"] as const satisfies readonly LeadStatus[];
/** Active Pipeline counts these (spec §9). */
export const PIPELINE_STATUSES = ["Likely to Buy", "Pitched", "Interview"] as const satisfies readonly LeadStatus[];

export const stageOfStatus = (status: string): LeadStage | null =>
  LEAD_STAGES.find((stage) => (STAGE_STATUSES[stage] as readonly string[]).includes(status)) ?? null;
export const statusBelongsToStage = (stage: string, status: string) =>
  (STAGE_STATUSES[stage as LeadStage] as readonly string[] | undefined)?.includes(status) ?? false;

/** Statuses the sales sheet used before the CRM, and what they mean now (spec §7: LTB → Likely to Buy). */
export const LEGACY_STATUSES: Record<string, LeadStatus> = {
  LTB: "Likely to Buy",
};

/**
 * The current status a legacy or loosely typed one stands for ("ltb", "cw-token", "Likely  to buy"),
 * or null when it is none of ours.
 */
export function normaliseStatus(value: string): LeadStatus | null {
  const squeezed = value.trim().replace(/\s+/g, " ");
  const legacy = LEGACY_STATUSES[squeezed.toUpperCase()];
  if (legacy) return legacy;
  const key = squeezed.toLowerCase().replace(/\s*-\s*/g, " - ");
  return LEAD_STATUSES.find((status) => status.toLowerCase() === key || statusLabel(status).toLowerCase() === key) ?? null;
}

/** The spec's batch-name hint (edit form); the server only requires it non-blank. */
export const BATCH_HINT = "Required for paid customers. Use format: FF-YYYY-MM";

/** Sources a lead can come from (spec §3 "CRM lead" sourceType). */
export const LEAD_SOURCE_TYPES = ["application", "brochure_download", "simulation_attempt"] as const;
export type LeadSourceType = (typeof LEAD_SOURCE_TYPES)[number];
/** Where a lead came from first: an engagement, the legacy sheet brought in by Import CSV Data, or sales adding it by hand. */
export const LEAD_ORIGINS = [...LEAD_SOURCE_TYPES, "csv_import", "manual"] as const;
export type LeadOrigin = (typeof LEAD_ORIGINS)[number];
export const sourceLabel = (source: string) => source.replace(/_/g, " ");
