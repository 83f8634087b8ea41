import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AREA_ROLES } from "~/shared/roles";
import { BROCHURE_FILE_NAME, brochureDownloadSchema, brochureRequestSchema } from "~/shared/schemas/brochure";
import { okSchema, pageQuerySchema } from "~/shared/schemas/common";
import { PUBLIC, roles } from "../../platform/access";
import { clientIp } from "../../platform/client-ip";
import { enforceLimit } from "../../platform/rate-limit";
import { renderBrochure } from "./pdf";
import { visitSourceOf } from "../analytics/visit-source";
import { listBrochureDownloads, recordBrochureDownload } from "./service";

/** Brochure requests allowed from one address per hour. */
export const BROCHURE_LIMIT_PER_HOUR = 20;

export async function brochureRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["brochure"];
  // The brochure only changes with a release, so it is rendered once per process.
  let pdf: Promise<Buffer> | null = null;

  api.post("/api/brochure-download", {
    config: PUBLIC,
    schema: { tags, summary: "Record a brochure request (and the person's lead)", body: brochureRequestSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await enforceLimit(
        app.db,
        { key: `brochure:${clientIp(request)}`, max: BROCHURE_LIMIT_PER_HOUR, windowMs: 60 * 60 * 1000 },
        "Too many brochure requests from your network. Please try again later.",
      );
      const { website, visit, ...body } = request.body;
      if (!website) await recordBrochureDownload(app.db, body, visitSourceOf(visit));
      return { ok: true as const };
    },
  });

  api.get("/api/download-brochure", {
    config: PUBLIC,
    schema: { tags, summary: "The program brochure as a PDF attachment" },
    handler: async (_request, reply) => {
      pdf ??= renderBrochure(app.config.publicBaseUrl).catch((error: unknown) => {
        pdf = null;
        throw error;
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${BROCHURE_FILE_NAME}"`)
        .header("cache-control", "public, max-age=3600")
        .send(await pdf);
    },
  });

  api.get("/api/brochure-downloads", {
    config: roles(...AREA_ROLES.brochureDownloads),
    schema: {
      tags,
      summary: "Brochure downloads, newest first, paginated",
      querystring: pageQuerySchema,
      response: { 200: z.object({ items: z.array(brochureDownloadSchema), total: z.number(), page: z.number(), pageSize: z.number() }) },
    },
    handler: (request) => listBrochureDownloads(app.db, request.query),
  });
}
