import { z } from "./zod";

/**
 * What every staff CSV import answers (the CRM's and the simulation reports'): rows that made a new
 * record, changed a stored one, or matched one and changed nothing; and the rows not imported, each
 * with the column at fault (the first 1,000 listed, `rejectedRows` counting them all). Row numbers
 * count the header as 1, as a spreadsheet shows them.
 */
export const csvImportResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
  rejectedRows: z.number(),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;

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

export const csvImportJobParamsSchema = z.object({ id: z.uuid({ error: "Not an import id" }) });
