import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { APPLICATION_ROLES } from "~/shared/application-status";
import {
  applicationFormSchema,
  applicationListQuerySchema,
  applicationPageSchema,
  statusBodySchema,
} from "~/shared/schemas/applications";
import { okSchema } from "~/shared/schemas/common";
import { PUBLIC, roles } from "../../platform/access";
import { clientIp } from "../../platform/client-ip";
import { csvDate, paged, sendCsv } from "../../platform/csv";
import { AppError, invalidInput } from "../../platform/errors";
import { sendDownload } from "../../platform/files";
import { readMultipart } from "../../platform/multipart";
import { enforceLimit } from "../../platform/rate-limit";
import { visitSourceOf } from "../analytics/visit-source";
import { APPLICATION_CSV_COLUMNS, applicationCsvRow } from "./csv-row";
import { applicationExportPage, listApplications, readApplicationResume, type ExportCursor } from "./queries";
import { RESUME_MAX_BYTES } from "~/shared/application-options";
import { deleteApplication, RESUME_TOO_LARGE, submitApplication, updateApplicationStatus } from "./service";

/** Applications accepted from one address per hour: a family or a campus shares one address. */
export const APPLICATIONS_PER_HOUR = 20;

const idParams = z.object({ id: z.uuid({ error: "Not an application id" }) });

export async function applicationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["applications"];
  const reviewers = roles(...APPLICATION_ROLES);

  api.post("/api/applications", {
    config: PUBLIC,
    schema: {
      tags,
      summary: "Apply to Founder's Find (multipart form, résumé optional)",
      description:
        "multipart/form-data text fields firstName, lastName, email, mobile, countryCode, linkedIn, currentRole, experience, " +
        "motivation, targetRoles (JSON list), skillAssessment (JSON object of six 1–5 integers), readinessConfirmed and " +
        "expectationsConfirmed (\"true\"/\"false\"); optional visit (JSON: utmSource, utmMedium, utmCampaign, referrer) and file field resume (PDF or .docx by content, at most 5 MB). " +
        "400 names each wrong field; 409 when the address already has an open application; 413 for a larger file.",
      consumes: ["multipart/form-data"],
      response: { 201: okSchema },
    },
    handler: async (request, reply) => {
      const form = await readMultipart(request, reply, { files: { resume: { maxBytes: RESUME_MAX_BYTES, tooLarge: RESUME_TOO_LARGE } } });
      const parsed = applicationFormSchema.safeParse(form.fields);
      if (!parsed.success) throw invalidInput(parsed.error.issues);
      // Counted once the form is valid, so someone correcting a mistake is not held back.
      await enforceLimit(
        app.db,
        { key: `applications:${clientIp(request)}`, max: APPLICATIONS_PER_HOUR, windowMs: 3_600_000 },
        "Too many applications from your network. Please try again later.",
      );
      if (!parsed.data.website) await submitApplication(app.db, { ...parsed.data, visitSource: visitSourceOf(parsed.data.visit) }, form.files.resume ?? null, app.config.publicBaseUrl);
      return reply.status(201).send({ ok: true as const });
    },
  });

  api.get("/api/applications", {
    config: reviewers,
    schema: { tags, summary: "Applications, newest first, searched and filtered by stage", querystring: applicationListQuerySchema, response: { 200: applicationPageSchema } },
    handler: (request) => listApplications(app.db, request.query),
  });

  api.get("/api/applications.csv", {
    config: reviewers,
    schema: { tags, summary: "Every application as CSV (streamed)" },
    handler: (_request, reply) =>
      sendCsv(
        reply,
        `founders-find-applications-${csvDate()}.csv`,
        APPLICATION_CSV_COLUMNS,
        (async function* () {
          const rows = paged((after: ExportCursor | null) => applicationExportPage(app.db, after), (row) => row.cursor);
          for await (const { record } of rows) yield applicationCsvRow(record);
        })(),
      ),
  });

  api.patch("/api/applications/:id/status", {
    config: reviewers,
    schema: { tags, summary: "Set an application's status", params: idParams, body: statusBodySchema, response: { 200: okSchema } },
    handler: async (request) => {
      await updateApplicationStatus(app.db, request.params.id, request.body.status, request.staff!.id);
      return { ok: true as const };
    },
  });

  api.delete("/api/applications/:id", {
    config: reviewers,
    schema: { tags, summary: "Delete an application and its résumé", params: idParams, response: { 200: okSchema } },
    handler: async (request) => {
      await deleteApplication(app.db, request.params.id, request.staff!.id);
      return { ok: true as const };
    },
  });

  api.get("/api/applications/:id/resume", {
    config: reviewers,
    schema: { tags, summary: "Download an application's résumé (staff only)", params: idParams },
    handler: async (request, reply) => {
      const file = await readApplicationResume(app.db, request.params.id);
      if (!file) throw new AppError("not_found", "This application has no resume");
      return sendDownload(reply, file, "resume");
    },
  });
}
