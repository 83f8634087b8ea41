import { z } from "./zod";

/**
 * Assignment rules (issue 23 §2): where a new lead came from, and who gets it. One rule per source;
 * "off" leaves new leads of that source unassigned.
 */
export const ASSIGNMENT_SOURCES = ["application", "brochure_download", "simulation_attempt", "csv_import"] as const;
export type AssignmentSource = (typeof ASSIGNMENT_SOURCES)[number];
export const ASSIGNMENT_SOURCE_LABELS: Record<AssignmentSource, string> = {
  application: "New applications",
  brochure_download: "New brochure requests",
  simulation_attempt: "New simulation reports",
  csv_import: "Imported leads",
};
export const ASSIGNMENT_MODE_LABELS = { off: "Leave unassigned", round_robin: "Round robin", owner: "One owner" } as const;
export type AssignmentMode = keyof typeof ASSIGNMENT_MODE_LABELS;

/** "Assigned to Asha by rule “New applications”" (the activity's wording). */
export const assignedByRuleText = (owner: string | null, source: string | null) =>
  `Assigned to ${owner ?? "a staff member"} by rule “${ASSIGNMENT_SOURCE_LABELS[source as AssignmentSource] ?? source}”`;

export const PICK_STAFF = "Choose at least one sales staff member";
export const PICK_ONE_OWNER = "Choose one owner";

export const assignmentSourceParamsSchema = z.object({ source: z.enum(ASSIGNMENT_SOURCES, { error: "Not a lead source with rules" }) });

export const assignmentRuleInputSchema = z
  .object({
    mode: z.enum(["off", "round_robin", "owner"], { error: "Mode is off, round_robin or owner" }),
    staffIds: z.array(z.uuid({ error: "Not a staff id" })).max(50, "At most 50 staff").default([]),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.mode === "round_robin" && rule.staffIds.length === 0) ctx.addIssue({ code: "custom", path: ["staffIds"], message: PICK_STAFF });
    if (rule.mode === "owner" && rule.staffIds.length !== 1) ctx.addIssue({ code: "custom", path: ["staffIds"], message: PICK_ONE_OWNER });
    if (new Set(rule.staffIds).size !== rule.staffIds.length) ctx.addIssue({ code: "custom", path: ["staffIds"], message: "Each staff member once" });
  });
export type AssignmentRuleInput = z.infer<typeof assignmentRuleInputSchema>;

export const assignmentRuleSchema = z.object({
  source: z.enum(ASSIGNMENT_SOURCES),
  mode: z.enum(["off", "round_robin", "owner"]),
  /** In round-robin order; a deactivated member stays listed (marked) and is skipped. */
  staff: z.array(z.object({ id: z.string(), name: z.string(), active: z.boolean() })),
  updatedAt: z.string().nullable(),
});
export type AssignmentRule = z.infer<typeof assignmentRuleSchema>;
export const assignmentRulesSchema = z.object({ rules: z.array(assignmentRuleSchema) });
