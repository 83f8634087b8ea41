import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/errors";

export interface UploadedFile {
  data: Buffer;
  fileName: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/** @fastify/multipart's limit errors, answered with our codes and the field they concern. */
const LIMIT_ERRORS = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT"]);

/**
 * Reads a multipart body into text fields and in-memory files (the app caps files at 8 MB, so a
 * route can still refuse anything over its own smaller limit with its own message).
 * Only `fileFields` may carry files; the first value of a repeated field wins.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
  messages: { tooLarge: string },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError("unsupported_media_type", "Send the form as multipart/form-data");
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (part.valueTruncated) throw new AppError("invalid", `${part.fieldname} is too long`, { [part.fieldname]: "Too long" });
        if (!(part.fieldname in form.fields)) form.fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value);
        continue;
      }
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new AppError("invalid", `Unexpected file in ${part.fieldname}`, { [part.fieldname]: "No file is expected here" });
      }
      const data = await part.toBuffer();
      // A browser sends an empty part for a file input left empty.
      if (data.length === 0 && !part.filename) continue;
      form.files[part.fieldname] ??= { data, fileName: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? "";
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      const field = fileFields[0]!;
      throw new AppError("payload_too_large", messages.tooLarge, { [field]: messages.tooLarge });
    }
    if (LIMIT_ERRORS.has(code)) throw new AppError("payload_too_large", "The form has too many parts");
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") throw new AppError("unsupported_media_type", "Send the form as multipart/form-data");
    throw new AppError("invalid", "The form could not be read");
  }
  return form;
}
