import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/errors";

/** A CSV of 1,048,576 rows of the export's 24 columns stays well under this. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
export const IMPORT_TOO_LARGE = "The CSV file is larger than 512 MB";

/**
 * Hands the multipart field `file` to `consume` as a stream, never buffering it, with this
 * route's own size limit (the app's 8 MB default is for images and résumés).
 */
export async function readCsvUpload<T>(request: FastifyRequest, consume: (file: Readable) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw new AppError("unsupported_media_type", "Send the file as multipart/form-data");
  const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
  if (!part || part.fieldname !== "file") {
    part?.file.resume();
    throw new AppError("invalid", "Choose a CSV file to import", { file: "Choose a CSV file to import" });
  }
  try {
    const result = await consume(part.file);
    if (part.file.truncated) throw new AppError("payload_too_large", IMPORT_TOO_LARGE, { file: IMPORT_TOO_LARGE });
    return result;
  } catch (error) {
    part.file.resume();
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("payload_too_large", IMPORT_TOO_LARGE, { file: IMPORT_TOO_LARGE });
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code?.startsWith("CSV_")) {
      throw new AppError("invalid", `The file is not a readable CSV: ${(error as Error).message}`, { file: "Not a readable CSV file" });
    }
    throw error;
  }
}
