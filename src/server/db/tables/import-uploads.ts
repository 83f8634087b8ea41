import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { staff } from "../schema";
import { bytea } from "./bytea";

export const IMPORT_UPLOAD_FORMATS = ["csv", "xlsx"] as const;

/**
 * A spreadsheet uploaded for a mapped CRM import (issue 23 §5). The file itself is in
 * import_upload_chunk, written as it arrives (ARCHITECTURE.md principle 8: no machine's temporary
 * folder holds it); `sha256`, `columns`, `sample` and `rows` are set once it has all arrived and been
 * checked. Removed when its import is done, or a day after it was uploaded.
 */
export const importUpload = pgTable(
  "import_upload",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffId: uuid("staff_id").references(() => staff.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    format: text("format", { enum: IMPORT_UPLOAD_FORMATS }).notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    sha256: text("sha256"),
    /** The header row's cells. */
    columns: jsonb("columns").$type<string[]>(),
    /** The first data rows, to show beside the mapping. */
    sample: jsonb("sample").$type<string[][]>(),
    rows: integer("rows"),
    /** How the CSV reads (csv-import.ts's sniffing); null for XLSX. */
    delimiter: text("delimiter"),
    encoding: text("encoding"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("import_upload_format_check", sql`${t.format} in ('csv', 'xlsx')`), index("import_upload_created_idx").on(t.createdAt)],
);

/** The upload's bytes, in order of `seq`. */
export const importUploadChunk = pgTable(
  "import_upload_chunk",
  {
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => importUpload.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ name: "import_upload_chunk_pk", columns: [t.uploadId, t.seq] })],
);

/**
 * A column mapping saved for next time, keyed by the file's set of headers (lead-import-fields.ts
 * headerKey): a staff member's own (staffId) or the team's (staffId null). `mapping` names the
 * column each lead field is read from, by header.
 */
export const leadImportMapping = pgTable(
  "lead_import_mapping",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    headerKey: text("header_key").notNull(),
    staffId: uuid("staff_id").references(() => staff.id, { onDelete: "cascade" }),
    mapping: jsonb("mapping").$type<Record<string, string | null>>().notNull(),
    savedBy: uuid("saved_by").references(() => staff.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("lead_import_mapping_key").on(t.headerKey, t.staffId).nullsNotDistinct()],
);

