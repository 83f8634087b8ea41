import type { CsvUploadRules } from "../../platform/csv-import";
import { readSheetHeader } from "./csv-row";
import { sheetHeaderError } from "./import";

/** A CSV of 1,048,576 rows of the export's 24 columns stays well under this. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

/** The CRM import's file: up to 512 MB, read as it arrives (platform/csv-import.ts). */
export const LEAD_UPLOAD: CsvUploadRules = {
  maxBytes: MAX_IMPORT_BYTES,
  tooLarge: "The CSV file is larger than 512 MB",
  missing: "Choose a CSV file to import",
  header: (cells) => {
    if (!readSheetHeader(cells)) throw sheetHeaderError();
  },
};
