import { z } from "./zod";
import { IMPORT_FIELDS } from "../crm/import-fields";

/**
 * The mapped CRM import's shapes (issue 23 §5), for the dialog and the API alike. A mapping names,
 * for each lead field, the index of the file's column it is read from, or null.
 */
export const importMappingSchema = z.record(z.string(), z.number({ error: "Choose a column number or none" }).int().nullable());

/** Where the suggested mapping came from: the person's saved one, the team's, or the headers. */
export const MAPPING_SOURCES = ["mine", "team", "suggested"] as const;

/** POST /api/crm/imports: the stored file, its columns, a few rows, and the mapping to start from. */
export const importUploadSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  format: z.enum(["csv", "xlsx"]),
  rows: z.number(),
  columns: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  mapping: importMappingSchema,
  mappingFrom: z.enum(MAPPING_SOURCES),
  fields: z.array(z.object({ field: z.enum(IMPORT_FIELDS), required: z.boolean(), hint: z.string().nullable() })),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

/** A dry run or an import of a stored file with a mapping; `save` keeps the mapping for next time (own, or the team's). */
export const importRunBodySchema = z.object({
  mapping: importMappingSchema,
  save: z.enum(["none", "mine", "team"]).optional(),
});
export type ImportRunBody = z.infer<typeof importRunBodySchema>;

export const importUploadParamsSchema = z.object({ id: z.uuid({ error: "Not an upload id" }) });
