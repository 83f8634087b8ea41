import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reportIntakeResultSchema, reportIntakeSchema } from "~/shared/schemas/simulation-reports";
import { PUBLIC } from "../../platform/access";
import { AppError } from "../../platform/errors";
import { hasBearerToken } from "../../platform/bearer-token";
import { receiveValidReport, ReportOwnerConflict } from "./intake";

/** The simulation chatbot's webhook (Typebot's HTTP request block) that delivers a finished report. */
export async function reportIntakeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const token = app.config.reportWebhookToken;
  if (!token) app.log.warn("REPORT_WEBHOOK_TOKEN is not set: POST /api/simulation/reports answers 503 until it is.");

  api.post("/api/simulation/reports", {
    config: PUBLIC,
    // The token is checked before the body is validated, so an outsider learns nothing of the schema.
    preValidation: async (request) => {
      if (!token) throw new AppError("unavailable", "The report webhook is not configured (REPORT_WEBHOOK_TOKEN)");
      if (!hasBearerToken(request, token)) throw new AppError("unauthenticated", "A valid Authorization: Bearer token is required");
    },
    schema: {
      tags: ["reports"],
      summary: "Webhook: store a finished simulation report (idempotent on resultId), update the lead, e-mail the candidate once",
      security: [{ bearerAuth: [] }],
      body: reportIntakeSchema,
      response: { 200: reportIntakeResultSchema },
    },
    handler: async (request) => {
      try {
        return await receiveValidReport(app.db, request.body, app.config.publicBaseUrl);
      } catch (error) {
        // Logged by resultId only: neither address goes to the log in clear.
        if (error instanceof ReportOwnerConflict) request.log.warn({ resultId: error.resultId }, "Report webhook: resultId already belongs to another e-mail address; refused");
        throw error;
      }
    },
  });
}
