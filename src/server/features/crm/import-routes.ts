import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IMPORT_FIELD_HINTS, IMPORT_FIELDS, REQUIRED_IMPORT_FIELDS, type ImportMapping } from "~/shared/crm/import-fields";
import { AREA_ROLES } from "~/shared/roles";
import { importRunBodySchema, importUploadParamsSchema, importUploadSchema } from "~/shared/schemas/crm-import";
import { importResultSchema, leadImportJobSchema, type ImportResult } from "~/shared/schemas/crm";
import { roles } from "../../platform/access";
import { readUpload, receiveImportUpload, storedRecords } from "../../platform/import-upload";
import type { StoredJobWriter } from "../../platform/stored-import-job";
import { IMPORT_BATCH, importLeadsCsv, PGLITE_IMPORT_BATCH } from "./import";
import { checkMapping, mappedRecords, saveMapping, startingMapping } from "./import-mapping";
import { dryRunLeadImport } from "./import-preview";
import { MAX_IMPORT_BYTES } from "./upload";

/**
 * Import any spreadsheet (issue 23 §5): upload a CSV or XLSX (kept in the database), see its columns
 * matched to lead fields, change and save the mapping, run a dry run, then the import — each a claimed
 * job followed at GET /api/crm/sync-csv/{id}, like Import CSV Data's.
 */
const UPLOAD_RULES = {
  maxBytes: MAX_IMPORT_BYTES,
  tooLarge: "The file is larger than 512 MB",
  missing: "Choose a CSV or XLSX file to import",
};

/**
 * A checkpoint every this many rows (the batches in flight are let finish first): a restart redoes at
 * most this many rows, which the import matches, never duplicates.
 */
const CHECKPOINT_ROWS = { postgres: 100_000, pglite: 5_000 } as const;

export async function leadImportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["crm"];
  const sales = roles(...AREA_ROLES.crm);
  const embedded = app.engine === "pglite";
  const batch = embedded ? PGLITE_IMPORT_BATCH : IMPORT_BATCH;

  const writeLeads: StoredJobWriter<ImportResult> = async (job, { progress, stop, resumeFrom, checkpoint }) => {
    const upload = await readUpload(app.db, job.uploadId!);
    const records = stop(mappedRecords(storedRecords(app.db, upload), job.mapping as ImportMapping));
    if (job.dryRun) return dryRunLeadImport(app.db, app.engine, records, job.startedBy!, batch, progress);
    return importLeadsCsv(app.db, records, job.startedBy!, batch, embedded, progress, { resumeFrom, checkpoint });
  };
  app.csvImports.register("leads", writeLeads, CHECKPOINT_ROWS[app.engine]);

  api.post("/api/crm/imports", {
    config: sales,
    schema: {
      tags,
      summary: "Upload a spreadsheet to import (CSV or XLSX, multipart field `file`): its columns and the suggested mapping",
      description:
        "The file is kept in the database, checked as it arrives (a 400 names the line and column). Answers its columns, the first rows, and the mapping to start " +
        "from: the caller's saved mapping for this set of headers, else the team's, else one suggested from the headers. CSV up to 512 MB, XLSX up to 25 MB.",
      consumes: ["multipart/form-data"],
      response: { 201: importUploadSchema },
    },
    handler: async (request, reply) => {
      const staffId = request.staff!.id;
      const upload = await receiveImportUpload(app.db, request, UPLOAD_RULES, staffId);
      const { mapping, from } = await startingMapping(app.db, staffId, upload.columns);
      const fields = IMPORT_FIELDS.map((field) => ({ field, required: REQUIRED_IMPORT_FIELDS.includes(field), hint: IMPORT_FIELD_HINTS[field] ?? null }));
      return reply.status(201).send({ ...upload, mapping, mappingFrom: from, fields });
    },
  });

  for (const [action, dryRun] of [["dry-run", true], ["run", false]] as const) {
    api.post(`/api/crm/imports/:id/${action}`, {
      config: sales,
      schema: {
        tags,
        summary: dryRun
          ? "Dry run of an uploaded file with a mapping: how many rows would be created, updated, unchanged or rejected (nothing is written)"
          : "Import an uploaded file with a mapping",
        description:
          "`mapping`: each lead field with the index of the file's column it is read from, or null; Email IDs is required (400 names `mapping.<field>`). " +
          "`save`: keep the mapping for this set of headers, for the caller (`mine`) or the team (`team`). Runs as a job: 200 with the result when done, or with " +
          "`Prefer: respond-async` 202 with the job, followed at GET /api/crm/sync-csv/{id}. One import runs at a time (409); the same file while it is imported is 409 naming that import." +
          (dryRun ? " Same reading, rules and statements as the import, against a private copy: its counts are the import's." : " Resumed from its last checkpoint if the server stops."),
        params: importUploadParamsSchema,
        body: importRunBodySchema,
        response: { 200: importResultSchema, 202: leadImportJobSchema },
      },
      handler: async (request, reply) => {
        const staffId = request.staff!.id;
        const upload = await readUpload(app.db, request.params.id);
        const mapping = checkMapping(request.body.mapping, upload.columns);
        const save = request.body.save ?? "none";
        if (save !== "none") await saveMapping(app.db, staffId, upload.columns, mapping, save);
        return app.csvImports.startStored<ImportResult>(request, reply, {
          kind: "leads",
          staffId,
          upload,
          mapping,
          dryRun,
          followAt: "/api/crm/sync-csv/",
        });
      },
    });
  }
}
