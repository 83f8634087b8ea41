import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CSP_REPORT_CONTENT_TYPES,
  CSP_REPORT_MAX_BYTES,
  cspReportBodySchema,
  cspViolationsPageSchema,
  cspViolationsQuerySchema,
} from "~/shared/schemas/csp-reports";
import { PUBLIC, roles } from "../../platform/access";
import { clientIp } from "../../platform/client-ip";
import { CSP_REPORT_PATH } from "../../platform/csp";
import { listCspViolations, recordCspReport } from "../../platform/csp-reports";

/**
 * Browsers' reports of Content-Security-Policy violations (the pages' policy names this endpoint in
 * `report-to` and `report-uri`, platform/csp.ts), and the admin's list of them.
 */
export async function cspReportRoutes(app: FastifyInstance) {
  // The browsers' report types are JSON; read as such by this plugin's routes only (Fastify scopes a
  // parser to the plugin that adds it), with the same guard against prototype keys as every JSON body.
  app.addContentTypeParser(["application/reports+json", "application/csp-report"], { parseAs: "string" }, app.getDefaultJsonParser("error", "error"));

  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["security"];

  api.post(CSP_REPORT_PATH, {
    config: PUBLIC,
    bodyLimit: CSP_REPORT_MAX_BYTES,
    schema: {
      tags,
      summary: "Record Content-Security-Policy violation reports (Reporting API or report-uri format)",
      consumes: [...CSP_REPORT_CONTENT_TYPES],
      body: cspReportBodySchema,
      response: { 204: z.null().describe("Received (kept unless the sender or everyone together is over the limit)") },
    },
    handler: async (request, reply) => {
      await recordCspReport(app.db, request.body, { ip: clientIp(request), userAgent: request.headers["user-agent"] });
      return reply.status(204).send(null);
    },
  });

  api.get("/api/admin/csp-reports", {
    config: roles("admin"),
    schema: {
      tags,
      summary: "Recent Content-Security-Policy violations, newest first (keyset paging)",
      querystring: cspViolationsQuerySchema,
      response: { 200: cspViolationsPageSchema },
    },
    handler: (request) => listCspViolations(app.db, request.query),
  });
}
