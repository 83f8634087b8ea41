import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AREA_ROLES } from "~/shared/roles";
import { csvImportJobParamsSchema } from "~/shared/schemas/csv-import";
import { okSchema } from "~/shared/schemas/common";
import {
  analyticsSchema,
  fixDuplicatesJobParamsSchema,
  fixDuplicatesJobSchema,
  importResultSchema,
  leadImportJobSchema,
  leadDetailSchema,
  leadExportQuerySchema,
  leadFilterSchema,
  leadIdParamsSchema,
  leadListQuerySchema,
  leadOwnerSchema,
  leadPageSchema,
  leadSchema,
  leadConflictSchema,
  leadCreateSchema,
  leadUpdateSchema,
  syncResultSchema,
  type ImportResult,
} from "~/shared/schemas/crm";
import { roles } from "../../platform/access";
import { AppError, invalid, invalidInput } from "../../platform/errors";
import { latestCsvImportJob, readCsvImportJob } from "../../platform/csv-import-job";
import { sendDownload } from "../../platform/files";
import { leadActivity } from "./activity";
import { boardRoutes } from "./board-routes";
import { sendLeadCsv } from "./export";
import { IMPORT_BATCH, importLeadsCsv, PGLITE_IMPORT_BATCH } from "./import";
import { cancelMergeJob, claimMergeJob, latestMergeJob, readMergeJob, runMergeJob } from "./merge-job";
import { listLeadOwners } from "./owners";
import { crmAnalytics, listLeads, readLead, readLeadResume } from "./queries";
import { syncLeads } from "./sync";
import { createLead } from "./create";
import { deleteLead, StaleLeadError, updateLead } from "./update";
import { DuplicateLeadError } from "./lead-identity";
import { mergeLeadPair } from "./merge-pair";
import { LEAD_UPLOAD } from "./upload";

/** `If-Match: 3` or `If-Match: "3"`: the version the editor read. */
export function ifMatchVersion(header: string | string[] | undefined): number | undefined {
  const value = [header].flat()[0]?.trim().replace(/^W\//, "").replace(/"/g, "");
  if (!value) return undefined;
  const version = Number(value);
  if (!Number.isInteger(version) || version < 1) throw invalid("version", "If-Match must be the lead's version");
  return version;
}

/** A new or changed lead's problems by field; an unknown field (pendingAmount is derived) is named too. */
function parseLead<T extends typeof leadUpdateSchema | typeof leadCreateSchema>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data as z.infer<T>;
  throw invalidInput(parsed.error.issues, (key) =>
    key === "pendingAmount" ? "Pending amount is worked out from the sale and collected amounts" : "This field cannot be changed",
  );
}

/** A stale version's 409 with the lead as it is now; any other error goes on to the error handler. */
export function sendStaleLead(error: unknown, reply: FastifyReply) {
  if (!(error instanceof StaleLeadError)) throw error;
  // The error handler writes code, message and fields only; this 409 also carries the current lead.
  const { message, fields, current, lastChange } = error;
  return reply.status(409).send({ error: { code: "conflict" as const, message, fields, lastChange, current } });
}

export async function leadRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["crm"];
  const sales = roles(...AREA_ROLES.crm);

  api.get("/api/crm/leads", {
    config: sales,
    schema: {
      tags,
      summary: "Leads, newest first, searched and filtered (keyset pages)",
      description:
        "`total` and `pendingTotal` (first page only) are exact for tabs, stages, statuses, owners and follow-ups due; for free text `q` exact up to 10,000 matches, " +
        "above that an estimate from a fixed sample (`totalIsEstimate`). `q` matches name and e-mail, and the mobile when it looks like a phone number; " +
        "leads whose whole e-mail or mobile is `q` come first on the first page.",
      querystring: leadListQuerySchema,
      response: { 200: leadPageSchema },
    },
    handler: (request) => listLeads(app.db, request.query),
  });

  api.post("/api/crm/leads", {
    config: sales,
    schema: {
      tags,
      summary: "Add a lead by hand",
      description:
        "fullName and email required; the other fields as in the edit form, with the same rules (400 naming the field). " +
        "409 names the lead that already has the e-mail or mobile (Indian mobiles match with or without +91).",
      body: z.record(z.string(), z.unknown()),
      response: { 201: leadSchema },
    },
    handler: async (request, reply) => {
      const created = await createLead(app.db, parseLead(leadCreateSchema, request.body), request.staff!.id);
      return reply.code(201).send(created);
    },
  });

  api.get("/api/crm/leads/:id", {
    config: sales,
    schema: { tags, summary: "One lead with its activity (engagements and staff changes, newest first)", params: leadIdParamsSchema, response: { 200: leadDetailSchema } },
    handler: async (request) => {
      // The lead and its activity at the same time: an unknown id simply has no activity.
      const [found, activity] = await Promise.all([readLead(app.db, request.params.id), leadActivity(app.db, request.params.id)]);
      if (!found) throw new AppError("not_found", "Lead not found");
      return { ...found, activity };
    },
  });

  api.put("/api/crm/leads/:id", {
    config: sales,
    schema: {
      tags,
      summary: "Change some of a lead's fields",
      description:
        "Partial update. Send the version you read (body `version` or `If-Match`) to get 409 instead of overwriting a newer change; " +
        "that 409 names who made the last change and when (`lastChange`) and carries the lead as it is now (`current`). " +
        "400 names the field: a status outside the stage (leadStatus), Closed Won without batchName, collected above sale, an owner who may not own leads.",
      params: leadIdParamsSchema,
      body: z.record(z.string(), z.unknown()),
      response: { 200: leadSchema, 409: leadConflictSchema },
    },
    handler: async (request, reply) => {
      try {
        return await updateLead(app.db, request.params.id, parseLead(leadUpdateSchema, request.body), request.staff!.id, ifMatchVersion(request.headers["if-match"]));
      } catch (error) {
        // Another lead has the e-mail or mobile: that lead comes with the 409 (the edit form offers a merge).
        if (error instanceof DuplicateLeadError) {
          return reply.status(409).send({ error: { code: "conflict" as const, message: error.message, fields: error.fields, duplicate: error.duplicate } });
        }
        return sendStaleLead(error, reply);
      }
    },
  });

  api.post("/api/crm/leads/:id/merge", {
    config: sales,
    schema: {
      tags,
      summary: "Merge this lead and another of the same person (the older is kept, as Fix Duplicates does)",
      params: leadIdParamsSchema,
      body: z.object({ with: z.uuid({ error: "Not a lead id" }) }).strict(),
      response: { 200: leadSchema },
    },
    handler: async (request) => mergeLeadPair(app.db, request.params.id, request.body.with, request.staff!.id),
  });

  api.delete("/api/crm/leads/:id", {
    config: sales,
    schema: { tags, summary: "Delete a lead and its activity", params: leadIdParamsSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await deleteLead(app.db, request.params.id);
      return { ok: true as const };
    },
  });

  api.get("/api/crm/leads/:id/resume", {
    config: sales,
    schema: { tags, summary: "The résumé uploaded with the lead's application", params: leadIdParamsSchema },
    handler: async (request, reply) => {
      const file = await readLeadResume(app.db, request.params.id);
      if (!file) throw new AppError("not_found", "This lead has no uploaded resume");
      return sendDownload(reply, file, "resume");
    },
  });

  api.get("/api/crm/owners", {
    config: sales,
    schema: { tags, summary: "Who may own leads: active staff with Sales or Admin", response: { 200: z.object({ owners: z.array(leadOwnerSchema) }) } },
    handler: async () => ({ owners: await listLeadOwners(app.db) }),
  });

  api.get("/api/crm/analytics", {
    config: sales,
    schema: {
      tags,
      summary: "The analytics cards over the filtered leads",
      description: "newLeads: created in the last 7 days; collectionPending: pending amount of paid users (status CW - …).",
      querystring: leadFilterSchema,
      response: { 200: analyticsSchema },
    },
    handler: (request) => crmAnalytics(app.db, request.query),
  });

  api.get("/api/crm/leads.csv", {
    config: sales,
    schema: { tags, summary: "The filtered leads as CSV (streamed), the spec's columns", querystring: leadExportQuerySchema },
    handler: (request, reply) => {
      // Without `view` the export holds both tabs; the screen sends the tab it shows.
      const { view, ...filter } = request.query;
      return sendLeadCsv(reply, app.db, filter, view, app.config.publicBaseUrl);
    },
  });

  const embedded = app.engine === "pglite";
  api.post("/api/crm/sync-csv", {
    config: sales,
    schema: {
      tags,
      summary: "Import CSV Data: the export's columns, up to 1,048,576 rows (multipart field `file`)",
      description:
        "Matches rows to leads on normalised e-mail, then mobile; bad rows are listed in `rejected`, the rest are saved. The file is checked as it arrives " +
        "(a 400 names the line and column before anything is written); its rows are then written as a job. Answers 200 with the result when the job is done, " +
        "or, with `Prefer: respond-async`, 202 with the job at once: follow it with GET /api/crm/sync-csv/{id} (rows written of the file's rows). One import runs at a time (409).",
      consumes: ["multipart/form-data"],
      response: { 200: importResultSchema, 202: leadImportJobSchema },
    },
    handler: (request, reply) => {
      const staffId = request.staff!.id;
      return app.csvImports.handle(request, reply, {
        kind: "leads",
        rules: LEAD_UPLOAD,
        staffId,
        write: (records, progress) => importLeadsCsv(app.db, records, staffId, embedded ? PGLITE_IMPORT_BATCH : IMPORT_BATCH, embedded, progress),
      });
    },
  });

  api.get("/api/crm/sync-csv", {
    config: sales,
    schema: { tags, summary: "The latest CSV import (running or finished), or null", response: { 200: z.object({ job: leadImportJobSchema.nullable() }) } },
    handler: async () => ({ job: await latestCsvImportJob<ImportResult>(app.db, "leads") }),
  });

  api.get("/api/crm/sync-csv/:id", {
    config: sales,
    schema: { tags, summary: "A CSV import: rows written of the file's rows, and its result once done", params: csvImportJobParamsSchema, response: { 200: leadImportJobSchema } },
    handler: (request) => readCsvImportJob<ImportResult>(app.db, "leads", request.params.id),
  });

  api.post("/api/crm/sync", {
    config: sales,
    schema: { tags, summary: "Sync All Data: link every application, brochure download and report to its lead (idempotent)", response: { 200: syncResultSchema } },
    handler: () => syncLeads(app.db),
  });

  // Fix Duplicates runs as a background job (merge-job.ts): the start answers at once with the job,
  // the screen follows it. On close this process stops its run after the current group.
  const shutdown = new AbortController();
  const runs = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    shutdown.abort();
    await Promise.all(runs);
  });
  const jobTags = ["crm"];
  api.post("/api/crm/fix-duplicates", {
    config: sales,
    schema: {
      tags: jobTags,
      summary: "Start Fix Duplicates: normalise legacy statuses (LTB → Likely to Buy) and merge leads sharing an e-mail or mobile",
      description: "Answers 202 with the job at once; follow it with GET /api/crm/fix-duplicates/{id}. One runs at a time: a second start is 409 naming the running job.",
      response: { 202: fixDuplicatesJobSchema },
    },
    handler: async (request, reply) => {
      const job = await claimMergeJob(app.db, request.staff!.id);
      const run = runMergeJob(app.db, job.id, request.staff!.id, shutdown.signal, request.log).finally(() => runs.delete(run));
      runs.add(run);
      return reply.status(202).send(job);
    },
  });

  api.get("/api/crm/fix-duplicates", {
    config: sales,
    schema: { tags: jobTags, summary: "The latest Fix Duplicates job (running or finished), or null", response: { 200: z.object({ job: fixDuplicatesJobSchema.nullable() }) } },
    handler: async () => ({ job: await latestMergeJob(app.db) }),
  });

  api.get("/api/crm/fix-duplicates/:id", {
    config: sales,
    schema: { tags: jobTags, summary: "A Fix Duplicates job: status, groups found and merged", params: fixDuplicatesJobParamsSchema, response: { 200: fixDuplicatesJobSchema } },
    handler: (request) => readMergeJob(app.db, request.params.id),
  });

  api.post("/api/crm/fix-duplicates/:id/cancel", {
    config: sales,
    schema: {
      tags: jobTags,
      summary: "Cancel a running Fix Duplicates job",
      description: "It stops after the group it is merging (every group is merged whole or not at all); a finished job is answered as it is.",
      params: fixDuplicatesJobParamsSchema,
      response: { 200: fixDuplicatesJobSchema },
    },
    handler: (request) => cancelMergeJob(app.db, request.params.id),
  });

  await boardRoutes(app);
}
