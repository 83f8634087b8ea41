import { z } from "zod";
import { importResultSchema } from "./crm";

/**
 * A staff CSV import being written (platform/csv-import-job.ts): `rowsDone` of `rowsTotal` data rows
 * settled so far (written, found unchanged or rejected); `result` is the import's answer once done.
 */
export const csvImportJobSchema = <R extends z.ZodType>(result: R) =>
  z.object({
    id: z.uuid(),
    status: z.enum(["running", "done", "failed"]),
    rowsTotal: z.number(),
    rowsDone: z.number(),
    result: result.nullable(),
    error: z.string().nullable(),
    startedBy: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  });

export const leadImportJobSchema = csvImportJobSchema(importResultSchema);
export type LeadImportJob = z.infer<typeof leadImportJobSchema>;
export const csvImportJobParamsSchema = z.object({ id: z.uuid({ error: "Not an import id" }) });
