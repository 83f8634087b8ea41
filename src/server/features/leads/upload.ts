import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/errors";
import { streamUploadedFile } from "../../platform/multipart";

/** A CSV of 1,048,576 rows of the export's 24 columns stays well under this. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
export const IMPORT_TOO_LARGE = "The CSV file is larger than 512 MB";
export const IMPORT_MISSING = "Choose a CSV file to import";

/**
 * Streams the multipart field `file` to `consume`, never buffering it in memory; a file that is not
 * CSV is a 400 naming `file`. The upload is first written to a temporary file and read from there:
 * Node ends a request whose body has not fully arrived within the request time limit (5 minutes),
 * and a body read only as fast as a million rows are written to the database would not.
 */
export function readCsvUpload<T>(request: FastifyRequest, consume: (file: Readable) => Promise<T>): Promise<T> {
  return streamUploadedFile(request, "file", { maxBytes: MAX_IMPORT_BYTES, tooLarge: IMPORT_TOO_LARGE, missing: IMPORT_MISSING }, async (upload) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "ff-crm-import-"));
    try {
      const spooled = path.join(dir, "upload.csv");
      await pipeline(upload, createWriteStream(spooled));
      return await consume(createReadStream(spooled));
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith("CSV_")) {
        throw new AppError("invalid", `The file is not a readable CSV: ${(error as Error).message}`, { file: "Not a readable CSV file" });
      }
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
