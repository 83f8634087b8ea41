import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { assignmentRuleInputSchema, assignmentRuleSchema, assignmentRulesSchema, assignmentSourceParamsSchema } from "~/shared/schemas/crm-assignment";
import { roles } from "../../platform/access";
import { listAssignmentRules, saveAssignmentRule } from "./assignment";
import { PGLITE_RESCORE_BATCH, RESCORE_BATCH, runRescoring, syncScoreWeights } from "./score-job";

/** Assignment rules (admin only) and, when the server is ready, the lead score's weights and rescoring. */
export async function leadRuleRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["crm"];
  const admin = roles("admin");

  api.get("/api/crm/assignment-rules", {
    config: admin,
    schema: { tags, summary: "Assignment rules of new leads, per source", response: { 200: assignmentRulesSchema } },
    handler: async () => ({ rules: await listAssignmentRules(app.db) }),
  });

  api.put("/api/crm/assignment-rules/:source", {
    config: admin,
    schema: {
      tags,
      summary: "Set the rule of one source: round robin over staff, one owner, or off",
      description: "Applied in the capture's transaction to each new lead of the source; deactivated staff are skipped. 400 names `staffIds`.",
      params: assignmentSourceParamsSchema,
      body: assignmentRuleInputSchema,
      response: { 200: assignmentRuleSchema },
    },
    handler: async (request) => saveAssignmentRule(app.db, request.params.source, request.body, request.staff!.id),
  });

  // The weights of lead-score.ts into the database before the first request; then, when they changed,
  // every lead rescored in claimed batches in the background (score-job.ts).
  let closing = false;
  let rescoring: Promise<void> | null = null;
  app.addHook("onReady", async () => {
    await syncScoreWeights(app.db);
    rescoring = runRescoring(app.db, () => closing, app.engine === "pglite" ? PGLITE_RESCORE_BATCH : RESCORE_BATCH).catch((error: unknown) => app.log.error({ err: error }, "lead rescoring stopped"));
  });
  app.addHook("onClose", async () => {
    closing = true;
    await rescoring;
  });
}
