import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { okSchema } from "~/shared/schemas/common";
import { csvImportJobParamsSchema, csvImportJobSchema } from "~/shared/schemas/csv-import";
import {
  adminReportsPageSchema,
  adminReportsQuerySchema,
  bulkNotificationPreviewSchema,
  bulkNotificationResultSchema,
  importResultSchema,
  notificationStatusSchema,
  testNotificationSchema,
} from "~/shared/schemas/simulation-reports-admin";
import { roles } from "../../platform/access";
import { csvDate, paged, sendCsv } from "../../platform/csv";
import type { CsvUploadRules } from "../../platform/csv-import";
import { readCsvImportJob } from "../../platform/csv-import-job";
import { REPORT_CSV_COLUMNS, reportCsvCells } from "./csv-columns";
import { importReports, reportsHeaderError, type ImportResult } from "./import";
import { bulkNotificationPreview, notificationStatus, sendBulkNotifications, sendTestNotification } from "./notifications";
import { adminReportsAfter, listAdminReports, REPORT_STAFF_ROLES } from "./queries";

export { REPORT_CSV_COLUMNS } from "./csv-columns";

/** The upload cap of a CSV import; within it there is no row limit. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const REPORTS_UPLOAD: CsvUploadRules = {
  maxBytes: IMPORT_MAX_BYTES,
  tooLarge: "The CSV file must be at most 20 MB",
  missing: "Choose a CSV file to import",
  header: (cells) => {
    const error = reportsHeaderError(cells);
    if (error) throw error;
  },
};
const reportImportJobSchema = csvImportJobSchema(importResultSchema);

/** The Simulation Reports and Email Notifications tabs of /admin (admin, admissions). */
export async function reportAdminRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["reports (staff)"];
  const access = roles(...REPORT_STAFF_ROLES);

  api.get("/api/simulation/admin/reports", {
    config: access,
    schema: {
      tags,
      summary: "Reports, newest first, searched and filtered in the database, with the summary cards over the filtered set",
      querystring: adminReportsQuerySchema,
      response: { 200: adminReportsPageSchema },
    },
    handler: (request) => listAdminReports(app.db, request.query),
  });

  api.get("/api/simulation/admin/reports.csv", {
    config: access,
    schema: { tags, summary: "The filtered reports as simulation-reports-{date}.csv (streamed)", querystring: adminReportsQuerySchema.omit({ cursor: true, limit: true }) },
    handler: (request, reply) => {
      const base = app.config.publicBaseUrl;
      const rows = paged(
        (after: { at: Date; id: string } | null) => adminReportsAfter(app.db, request.query, after),
        (row) => ({ at: row.completedAt, id: row.id }),
      );
      return sendCsv(
        reply,
        `simulation-reports-${csvDate()}.csv`,
        [...REPORT_CSV_COLUMNS],
        (async function* () {
          for await (const row of rows) {
            const cells = reportCsvCells(row, base);
            yield REPORT_CSV_COLUMNS.map((column) => cells[column]);
          }
        })(),
      );
    },
  });

  api.post("/api/simulation/admin/reports/import", {
    config: access,
    schema: {
      tags,
      summary: "Import past reports from a CSV in the export's columns (multipart field `file`); rows are not e-mailed",
      description:
        "The CRM import's pipeline: checked as it arrives (a 400 names the line and column), written as a job; 200 with the result when done, " +
        "or 202 with the job given `Prefer: respond-async` (follow it with GET /api/simulation/admin/reports/import/{id}). One import runs at a time (409).",
      consumes: ["multipart/form-data"],
      response: { 200: importResultSchema, 202: reportImportJobSchema },
    },
    handler: (request, reply) =>
      app.csvImports.handle(request, reply, { kind: "reports", rules: REPORTS_UPLOAD, staffId: request.staff!.id, write: (records, progress) => importReports(app.db, records, progress) }),
  });

  api.get("/api/simulation/admin/reports/import/:id", {
    config: access,
    schema: { tags, summary: "A reports import: rows written of the file's rows, and its result once done", params: csvImportJobParamsSchema, response: { 200: reportImportJobSchema } },
    handler: (request) => readCsvImportJob<ImportResult>(app.db, "reports", request.params.id),
  });

  api.post("/api/simulation/send-notification", {
    config: access,
    schema: { tags, summary: "Send a test \"report ready\" e-mail with the given details", body: testNotificationSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await sendTestNotification(app.db, request.body, app.config.publicBaseUrl);
      return { ok: true as const };
    },
  });

  api.post("/api/simulation/send-bulk-notifications", {
    config: access,
    // The spec's client sends a JSON content type with no body; that is not a malformed body here.
    onRequest: async (request) => {
      const length = request.headers["content-length"];
      if ((length === undefined || length === "0") && !request.headers["transfer-encoding"]) delete request.headers["content-type"];
    },
    schema: { tags, summary: "E-mail every candidate not yet told about their report (a second run sends nothing)", response: { 200: bulkNotificationResultSchema } },
    handler: () => sendBulkNotifications(app.db, app.config.publicBaseUrl),
  });

  api.get("/api/simulation/admin/bulk-notifications/preview", {
    config: access,
    schema: {
      tags,
      summary: "How many \"report ready\" e-mails a bulk send would queue now, and to how many people (the confirmation before a bulk send)",
      response: { 200: bulkNotificationPreviewSchema },
    },
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return bulkNotificationPreview(app.db);
    },
  });

  api.get("/api/simulation/admin/notifications", {
    config: access,
    schema: { tags, summary: "Delivery state of the \"report ready\" e-mails", response: { 200: notificationStatusSchema } },
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return notificationStatus(app.db);
    },
  });
}
