import { z } from "./zod";
import { CALL_OUTCOMES } from "../crm/calls";
import { LEAD_ORIGINS, LEAD_PRIORITIES, LEAD_SOURCE_TYPES, LEAD_STAGES, LEAD_STATUSES } from "../crm/pipeline";
import { emailSchema } from "./common";
import { MAX_SCORE_FILTER } from "../crm/lead-score";
import { csvImportJobSchema, csvImportResultSchema } from "./csv-import";
import { optionalHttpUrl } from "./links";
import { AMOUNT_LABELS, amountMessages, DATE_FORMAT_MESSAGE, isRealDate, MAX_RUPEES, NOT_A_REAL_DATE } from "../crm/lead-rules";

/** A repeated query parameter arrives as a string once and as a list when repeated. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(20));

export const CRM_VIEWS = ["active", "paid"] as const;
export type CrmView = (typeof CRM_VIEWS)[number];
export const CRM_PAGE_SIZE = 50;
/** The most leads one page of the list may ask for. */
export const CRM_MAX_PAGE = 200;
export const LEAD_SORTS = ["newest", "score"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
/** Above this many free-text matches the list's total is estimated from a sample (the UI says "about"). */
export const EXACT_COUNT_LIMIT = 10_000;

/** The filters shared by the list, the analytics and the CSV export. */
export const leadFilterSchema = z.object({
  q: z.string().trim().max(200, "At most 200 characters").optional(),
  stage: many(z.enum(LEAD_STAGES, { error: "Not a lead stage" })),
  status: many(z.string().trim().min(1).max(60, "Not a lead status")),
  owner: z.union([z.literal("unassigned"), z.uuid({ error: "Not a staff id or 'unassigned'" })]).optional(),
  followUp: z.literal("due", { error: "Only 'due' is supported" }).optional(),
  /** Leads scoring at least this much today (lead-score.ts). */
  scoreMin: z.coerce.number({ error: "Score is a number from 1 to 100" }).int("Score is a whole number").min(1, "Score is a number from 1 to 100").max(MAX_SCORE_FILTER, "Score is a number from 1 to 100").optional(),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;

export const leadListQuerySchema = leadFilterSchema.extend({
  view: z.enum(CRM_VIEWS, { error: "View is active or paid" }).default("active"),
  /** Newest first (the default) or highest score first. */
  sort: z.enum(LEAD_SORTS, { error: "Sort is newest or score" }).default("newest"),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: "Limit is a number" }).int().min(1, "At least 1").max(CRM_MAX_PAGE, `At most ${CRM_MAX_PAGE}`).default(CRM_PAGE_SIZE),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** The export takes the list's filters; without `view` it holds both tabs. */
export const leadExportQuerySchema = leadFilterSchema.extend({ view: z.enum(CRM_VIEWS, { error: "View is active or paid" }).optional() });

export const leadSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  email: z.string(),
  fullName: z.string(),
  mobile: z.string().nullable(),
  currentProfile: z.string().nullable(),
  motivation: z.string().nullable(),
  /** A link the CRM can open: the uploaded résumé (staff only) or the link kept in the legacy sheet. */
  resumeUrl: z.string().nullable(),
  downloadBrochure: z.boolean(),
  hasApplication: z.boolean(),
  hasSimulation: z.boolean(),
  linkedIn: z.string().nullable(),
  leadOwner: z.string().nullable(),
  leadOwnerName: z.string().nullable(),
  priority: z.string(),
  leadStage: z.string(),
  leadStatus: z.string(),
  latestCallDate: z.string().nullable(),
  latestCallTime: z.string().nullable(),
  callDate: z.string().nullable(),
  followUpDate: z.string().nullable(),
  notes: z.string().nullable(),
  actionItems: z.string().nullable(),
  paymentPageUrl: z.string().nullable(),
  txnReference: z.string().nullable(),
  txnReference1: z.string().nullable(),
  saleAmount: z.number().nullable(),
  collectedAmount: z.number().nullable(),
  pendingAmount: z.number().nullable(),
  batchName: z.string().nullable(),
  sourceType: z.enum(LEAD_ORIGINS),
  /** The funnel's source of the visit the person first sent a form from (null: none tracked). */
  visitSource: z.string().nullable(),
  version: z.number(),
  /** The lead score today, 0–100, and why (src/shared/crm/lead-score.ts). */
  score: z.number(),
  scoreReasons: z.array(z.string()),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadPageSchema = z.object({
  leads: z.array(leadSchema),
  nextCursor: z.string().nullable(),
  /** The summary (count and pending total) comes with the first page only: later pages (a cursor) leave it out. */
  total: z.number().optional(),
  /** True when `total` (and `pendingTotal`) are a free-text search's estimate (more than EXACT_COUNT_LIMIT matches). */
  totalIsEstimate: z.boolean().optional(),
  pendingTotal: z.number().optional(),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

export const activityEntrySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("engagement"), source: z.enum(LEAD_SOURCE_TYPES), refId: z.string(), at: z.string() }),
  z.object({
    /** "assign": an assignment rule set the owner; `from` is the rule's source, `to` the owner's name. */
    kind: z.enum(["edit", "merge", "import", "create", "assign"]),
    field: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    by: z.string().nullable(),
    at: z.string(),
  }),
  /** A logged call (issue 23 §1): its outcome, note and the next follow-up it set. */
  z.object({
    kind: z.literal("call"),
    outcome: z.enum(CALL_OUTCOMES),
    note: z.string().nullable(),
    followUpDate: z.string().nullable(),
    by: z.string().nullable(),
    at: z.string(),
  }),
  /** A task added to the lead or done (issue 23 §2), with its title and due moment. */
  z.object({
    kind: z.literal("task"),
    event: z.enum(["added", "done"]),
    title: z.string(),
    dueAt: z.string(),
    by: z.string().nullable(),
    at: z.string(),
  }),
]);
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const duplicateLeadSchema = z.object({ id: z.string(), fullName: z.string(), email: z.string(), field: z.enum(["email", "mobile"]) });
export type DuplicateLead = z.infer<typeof duplicateLeadSchema>;

const lastChangeSchema = z.object({ by: z.string().nullable(), at: z.string() });

/**
 * A lead update's 409: the usual error body; for a stale version also who made the last change and
 * when (from the activity) and the lead as stored now (a list shows it in place of the stale row).
 * An e-mail another lead has is a 409 too, without those two.
 */
export const leadConflictSchema = z.object({
  error: z.object({
    code: z.literal("conflict"),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    lastChange: lastChangeSchema.optional(),
    current: leadSchema.optional(),
    /** An e-mail or mobile another lead has: that lead, so the editor can open it or merge the two. */
    duplicate: duplicateLeadSchema.optional(),
  }),
});
/** The stale-version 409's error object. */
export interface LeadConflict {
  code: "conflict";
  message: string;
  fields?: Record<string, string>;
  lastChange: z.infer<typeof lastChangeSchema>;
  current: Lead;
}

export const leadDetailSchema = leadSchema.extend({ activity: z.array(activityEntrySchema) });
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const text = (max: number) =>
  z
    .string({ error: "Must be text" })
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));

export const isoDate = z
  .string({ error: DATE_FORMAT_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT_MESSAGE)
  .refine(isRealDate, NOT_A_REAL_DATE)
  .nullable()
  .or(z.literal("").transform(() => null));

/** The rule book's amounts (lead-rules.ts): whole rupees, not negative, within MAX_RUPEES. */
const rupees = (label: string) => {
  const messages = amountMessages(label);
  return z.number({ error: messages.whole }).int(messages.whole).min(0, messages.negative).max(MAX_RUPEES, messages.tooLarge).nullable();
};

/** An http(s) address (the one link rule), or nothing. */
const webAddress = optionalHttpUrl()
  .nullable()
  .transform((value) => (value ? value : null));

/**
 * A partial lead update (spec §7 PUT /api/crm/leads/{id}). Only the fields sent change; the
 * cross-field rules (status within stage, batch name for Closed Won, collected ≤ sale, owner) need
 * the stored lead and are checked by the server.
 */
const fullNameSchema = z.string({ error: "Full name is required" }).trim().min(1, "Full name is required").max(200, "At most 200 characters");

export const leadUpdateSchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    mobile: z
      .string({ error: "Please enter a valid mobile number" })
      .trim()
      .max(30, "At most 30 characters")
      .refine((value) => value === "" || value.replace(/\D/g, "").length >= 6, "Please enter a valid mobile number")
      .nullable(),
    linkedIn: text(300),
    currentProfile: text(200),
    motivation: text(5000),
    leadOwner: z.uuid({ error: "Choose an owner from the list" }).nullable(),
    priority: z.enum(LEAD_PRIORITIES, { error: "Priority is Very Low, Low, Medium or High" }),
    leadStage: z.enum(LEAD_STAGES, { error: "Not a lead stage" }),
    leadStatus: z.enum(LEAD_STATUSES as [string, ...string[]], { error: "Not a current lead status" }),
    latestCallDate: isoDate,
    latestCallTime: z
      .string({ error: "Use a time (HH:MM)" })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time (HH:MM, 24-hour)")
      .nullable()
      .or(z.literal("").transform(() => null)),
    callDate: isoDate,
    followUpDate: isoDate,
    notes: text(5000),
    actionItems: text(2000),
    paymentPageUrl: webAddress,
    txnReference: text(200),
    txnReference1: text(200),
    saleAmount: rupees(AMOUNT_LABELS.saleAmount),
    collectedAmount: rupees(AMOUNT_LABELS.collectedAmount),
    batchName: text(100),
    /** The version the editor read; a stale one gets 409 instead of overwriting someone else's change. */
    version: z.number({ error: "Version is a number" }).int().min(1),
  })
  .partial()
  .strict();
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;
export type LeadUpdateInput = z.input<typeof leadUpdateSchema>;

/**
 * A lead added by hand (POST /api/crm/leads): the edit form's fields, a name and an e-mail required,
 * checked by the same rules as an edit of a new lead.
 */
export const leadCreateSchema = leadUpdateSchema.omit({ version: true }).extend({ fullName: fullNameSchema, email: emailSchema });
export type LeadCreate = z.infer<typeof leadCreateSchema>;
export type LeadCreateInput = z.input<typeof leadCreateSchema>;

export const leadIdParamsSchema = z.object({ id: z.uuid({ error: "Not a lead id" }) });

export const analyticsSchema = z.object({
  /** Leads created in the last 7 days. */
  newLeads: z.number(),
  activePipeline: z.number(),
  /** Rounded percent. */
  conversionRate: z.number(),
  totalRevenue: z.number(),
  cashCollected: z.number(),
  /** Pending amount of paid users. */
  collectionPending: z.number(),
});
export type CrmAnalytics = z.infer<typeof analyticsSchema>;
export const NEW_LEAD_DAYS = 7;

export const leadOwnerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type LeadOwner = z.infer<typeof leadOwnerSchema>;

/**
 * The CRM import's answer (spec: `syncedRecords`): the one shape of a CSV import, where `updated` are
 * matched leads the file changed and `unchanged` matched leads already as the file says (nothing
 * written, no activity entry, version kept).
 */
export const importResultSchema = csvImportResultSchema.extend({ syncedRecords: z.number() });
export type ImportResult = z.infer<typeof importResultSchema>;
/** A CRM import being written: rows written of the file's rows (POST /api/crm/sync-csv with Prefer: respond-async). */
export const leadImportJobSchema = csvImportJobSchema(importResultSchema);
export type LeadImportJob = z.infer<typeof leadImportJobSchema>;

export const syncResultSchema = z.object({ created: z.number(), updated: z.number() });
/**
 * A Fix Duplicates run (a background job): `groupsFound` is null while the duplicate groups are being
 * found, then `groupsMerged` of `groupsFound` as they are merged. `merged` counts the duplicate leads
 * removed; `updatedLeads` the leads whose legacy status was normalised or that absorbed duplicates.
 */
export const fixDuplicatesJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(["running", "done", "cancelled", "failed"]),
  phase: z.enum(["finding", "merging"]),
  groupsFound: z.number().nullable(),
  groupsMerged: z.number(),
  merged: z.number(),
  updatedLeads: z.number(),
  cancelRequested: z.boolean(),
  error: z.string().nullable(),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FixDuplicatesJob = z.infer<typeof fixDuplicatesJobSchema>;
export const fixDuplicatesJobParamsSchema = z.object({ id: z.uuid({ error: "Not a Fix Duplicates job id" }) });
