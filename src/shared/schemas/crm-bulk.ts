import { z } from "./zod";
import { statusBelongsToStage } from "../crm/pipeline";
import { statusOutsideStage } from "../crm/lead-rules";
import { CRM_VIEWS, leadFilterSchema, leadSchema, leadUpdateSchema } from "./crm";

/** The board (issue 23 §1): first cards per column; "Load more" follows a column with GET /api/crm/leads?stage=…&cursor=…. */
export const BOARD_PAGE_SIZE = 20;

export const boardQuerySchema = leadFilterSchema.extend({
  view: z.enum(CRM_VIEWS, { error: "View is active or paid" }).default("active"),
  limit: z.coerce.number({ error: "Limit is a number" }).int().min(1, "At least 1").max(100, "At most 100").default(BOARD_PAGE_SIZE),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

/** A column's figures under the filters. */
export const boardCountSchema = z.object({
  stage: z.string(),
  /** Leads in the column: exact, but an estimate for a broad free-text search (`totalIsEstimate`). */
  total: z.number(),
  totalIsEstimate: z.boolean(),
  /** Sum of the column's sale amounts in rupees; null when the count is an estimate. */
  saleTotal: z.number().nullable(),
  /** The total is the search sample's figure for now: GET /api/crm/board/counts counts it exactly. */
  countPending: z.boolean(),
});
export type BoardCount = z.infer<typeof boardCountSchema>;

export const boardColumnSchema = boardCountSchema.extend({
  leads: z.array(leadSchema),
  nextCursor: z.string().nullable(),
});
export const boardSchema = z.object({ columns: z.array(boardColumnSchema) });
export type BoardColumn = z.infer<typeof boardColumnSchema>;
export type Board = z.infer<typeof boardSchema>;
export const boardCountsSchema = z.object({ columns: z.array(boardCountSchema) });
export type BoardCounts = z.infer<typeof boardCountsSchema>;

const field = leadUpdateSchema.shape;
/** Explicitly selected leads, each with the version it was shown with; the filter's "all N matching" otherwise. */
export const MAX_SELECTED_LEADS = 10_000;

export const bulkSelectionSchema = z.union([
  z.object({
    leads: z
      .array(z.object({ id: z.uuid({ error: "Not a lead id" }), version: z.number({ error: "Version is a number" }).int().min(1) }))
      .min(1, "Select at least one lead")
      .max(MAX_SELECTED_LEADS, `At most ${MAX_SELECTED_LEADS.toLocaleString("en-IN")} selected leads; choose all leads matching the filter instead`),
  }).strict(),
  z.object({ filter: leadFilterSchema.extend({ view: z.enum(CRM_VIEWS, { error: "View is active or paid" }) }).strict() }).strict(),
], { error: "Send the selected leads or a filter" });
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

export const bulkActionSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("owner"), leadOwner: field.leadOwner.unwrap() }).strict(),
      z
        .object({ kind: z.literal("pipeline"), leadStage: field.leadStage.unwrap(), leadStatus: field.leadStatus.unwrap(), batchName: field.batchName.optional() })
        .strict(),
      z.object({ kind: z.literal("priority"), priority: field.priority.unwrap() }).strict(),
      z.object({ kind: z.literal("followUp"), followUpDate: field.followUpDate.unwrap() }).strict(),
      z.object({ kind: z.literal("delete") }).strict(),
    ],
    { error: "The action is owner, pipeline, priority, followUp or delete" },
  )
  .superRefine((action, context) => {
    if (action.kind === "pipeline" && !statusBelongsToStage(action.leadStage, action.leadStatus)) {
      context.addIssue({ code: "custom", path: ["leadStatus"], message: statusOutsideStage(action.leadStatus, action.leadStage) });
    }
  });
export type BulkAction = z.infer<typeof bulkActionSchema>;
export type BulkActionInput = z.input<typeof bulkActionSchema>;

export const bulkRequestSchema = z.object({ selection: bulkSelectionSchema, action: bulkActionSchema }).strict();
export type BulkRequest = z.input<typeof bulkRequestSchema>;

export const bulkJobParamsSchema = z.object({ id: z.uuid({ error: "Not a bulk job id" }) });

/**
 * A bulk action's job: `processed` of `total` leads gone through (`total` null while a search is
 * counted), each changed, unchanged (already so) or skipped with a reason (a pipeline rule, or a
 * lead changed by someone else since it was selected).
 */
export const bulkJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(["running", "done", "failed"]),
  action: z.string(),
  total: z.number().nullable(),
  processed: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
  skipReasons: z.array(z.object({ reason: z.string(), count: z.number() })),
  skippedLeads: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
  error: z.string().nullable(),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;
