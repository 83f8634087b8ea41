import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyMultipart, { type Multipart, type MultipartFile } from "@fastify/multipart";
import { FORBIDDEN_TEXT_MESSAGE, isStorableText } from "~/shared/text-input";
import { AppError } from "./errors";
import { sweepStaleSpool, UPLOAD_LIMITS, UploadGate, type UploadedFile, type UploadLimits, type UploadSpool } from "./uploads";

export type { UploadedFile };

/**
 * The one reader of multipart/form-data bodies (résumés, images, CSV imports). Every way a form can
 * be wrong is answered here, naming the field: not multipart → 415; no boundary, a body cut off
 * before its end, a malformed part → 400; a file over its field's cap → 413 with that field's own
 * message. A file whose body stops early is reported as cut off, never as too large.
 */

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

export interface FileRule {
  maxBytes: number;
  tooLarge: string;
}

export interface ReadOptions {
  files: Record<string, FileRule>;
  /** Most text fields a form may carry (default 40) and the longest text value (default 64 KiB). */
  maxFields?: number;
  maxFieldBytes?: number;
}

const NOT_MULTIPART = "Send the form as multipart/form-data";
const UNREADABLE = "The form could not be read: it is not well-formed multipart/form-data";
const NO_BOUNDARY = "The form could not be read: its Content-Type names no multipart boundary";
const CUT_OFF = "The form could not be read: the body ended before the form was complete";
const cutOffFile = (field: string) => `The upload of ${field} was cut off before the end of the file; please send it again`;

const DEFAULT_MAX_FIELDS = 40;
const DEFAULT_MAX_FIELD_BYTES = 64 * 1024;

/**
 * Registers the multipart parser. Its limits are defaults only: every read below sets the caps of
 * the form it reads (each file field its own byte cap and message), so a CSV import may take far
 * more than an image upload.
 */
export async function registerMultipart(app: FastifyInstance, uploadLimits: UploadLimits = UPLOAD_LIMITS): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: 8 * 1024 * 1024, files: 1, fields: DEFAULT_MAX_FIELDS, fieldSize: DEFAULT_MAX_FIELD_BYTES },
  });
  app.decorate("uploads", new UploadGate(uploadLimits));
  // In the background: a start is not held up by a folder of leftovers.
  void sweepStaleSpool(uploadLimits.spoolDir).then((removed) => {
    if (removed) app.log.warn({ removed, spoolDir: uploadLimits.spoolDir }, "uploads: removed files a stopped process had left");
  });
}


/** Raised by the byte counter below when a file passes its field's cap. */
class FileTooLarge extends Error {}

/** Carries what the consumer of a streamed file threw past the mapping of multipart errors. */
class ConsumerError extends Error {
  constructor(readonly original: unknown) {
    super("consumer failed");
  }
}

function tooLargeError(field: string, rule: FileRule): AppError {
  return new AppError("payload_too_large", rule.tooLarge, { [field]: rule.tooLarge });
}

/** Maps what busboy and @fastify/multipart throw to our answer; `field` is the file being read, if any. */
function mapError(error: unknown, field?: string): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code ?? "";
  const message = error instanceof Error ? error.message : "";
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return new AppError("unsupported_media_type", NOT_MULTIPART);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return new AppError("payload_too_large", "The form has too many fields");
  if (code === "FST_FILES_LIMIT") return new AppError("payload_too_large", "The form has more files than it accepts");
  if (code === "FST_PROTO_VIOLATION") return new AppError("invalid", "The form has a field name that is not allowed");
  if (code === "FST_INVALID_JSON_FIELD_ERROR") return new AppError("invalid", "A form field declared as JSON is not valid JSON");
  if (/boundary not found/i.test(message)) return new AppError("invalid", NO_BOUNDARY);
  const cutOff = code === "FST_MP_PREMATURE_CLOSE" || /unexpected end|terminated early|premature/i.test(message);
  if (field && cutOff) return new AppError("invalid", cutOffFile(field), { [field]: cutOffFile(field) });
  if (cutOff) return new AppError("invalid", CUT_OFF);
  if (field) return new AppError("invalid", `The file in ${field} could not be read`, { [field]: "The file could not be read" });
  return new AppError("invalid", UNREADABLE);
}

function textOf(part: Exclude<Multipart, MultipartFile>, maxFieldBytes: number): string {
  const name = part.fieldname;
  if (part.valueTruncated) {
    const message = `At most ${Math.floor(maxFieldBytes / 1024)} KiB of text`;
    throw new AppError("invalid", `${name} is too long`, { [name]: message });
  }
  // A field sent with a JSON content type arrives parsed; the schemas read text, so keep it as text.
  const value = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
  if (!isStorableText(value) || !isStorableText(name)) throw new AppError("invalid", FORBIDDEN_TEXT_MESSAGE, { [name]: FORBIDDEN_TEXT_MESSAGE });
  return value;
}

/** Passes the bytes through and fails the stream once more than `maxBytes` have gone by. */
function byteCap(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) return callback(new FileTooLarge());
      callback(null, chunk);
    },
  });
}

function unexpectedFile(field: string, expected: string[]): AppError {
  const where = expected.length ? `; send it as ${expected.join(" or ")}` : "";
  return new AppError("invalid", `Unexpected file in ${field}${where}`, { [field]: `No file is expected here${where}` });
}

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discarded
  }
}

/** A failure of our own disk while spooling (full, gone): a 500, never the sender's fault. */
class SpoolError extends Error {
  constructor(readonly original: Error) {
    super("spooling failed");
  }
}

/**
 * Writes one file part to a file of the request's spool as it arrives, under the field's cap: never
 * more than a chunk or two of it in memory (the write waits for the disk, the parser for the write).
 */
async function spoolPart(stream: Readable, spool: UploadSpool, field: string, rule: FileRule): Promise<{ file: string; size: number }> {
  // A body cut off inside this file before anyone read it has already destroyed the file stream.
  if (stream.destroyed && !stream.readableEnded) throw mapError(stream.errored ?? new Error("Part terminated early"), field);
  const file = await spool.reserve(field);
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  let diskError: Error | undefined;
  out.on("error", (error) => (diskError ??= error));
  const disk = async (wait: Promise<unknown>) => {
    try {
      await wait;
    } catch (error) {
      throw new SpoolError(error as Error);
    }
  };
  let written = false;
  try {
    await disk(once(out, "open"));
    if (!spool.stillWanted(file)) throw new AppError("invalid", cutOffFile(field), { [field]: cutOffFile(field) });
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > rule.maxBytes) {
        stream.resume();
        throw tooLargeError(field, rule);
      }
      if (!out.write(chunk)) {
        if (diskError || out.destroyed) throw new SpoolError(diskError ?? new Error("spool file closed"));
        await disk(once(out, "drain"));
      }
    }
    out.end();
    await disk(once(out, "close"));
    if (diskError) throw new SpoolError(diskError);
    written = true;
    return { file, size };
  } finally {
    // Refused or cut off: the descriptor is closed now; the file goes with the request's spool.
    if (!written) out.destroy();
  }
}

function partLimits(fileCount: number, largestFile: number, options: { maxFields?: number; maxFieldBytes?: number }) {
  return {
    // One byte over the largest cap lets the counter tell "too large" from "exactly the cap".
    fileSize: largestFile + 1,
    // One more than expected, so a file in a wrong field is answered by name, not as "too many files".
    files: fileCount + 1,
    fields: options.maxFields ?? DEFAULT_MAX_FIELDS,
    fieldSize: options.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES,
    parts: fileCount + 1 + (options.maxFields ?? DEFAULT_MAX_FIELDS),
  };
}

/**
 * Reads a whole form into text fields and spooled files (platform/uploads.ts). Only the fields named
 * in `files` may carry a file, each under its own cap; the first value of a repeated field wins; a
 * file input left empty (no name, no bytes) counts as absent. Before a byte of the body is read the
 * request must get one of the upload slots (429 for a client address over its cap, 503 for a full
 * process, both naming the file fields); `reply` is where its slot and files are let go again.
 */
export async function readMultipart(request: FastifyRequest, reply: FastifyReply, options: ReadOptions): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError("unsupported_media_type", NOT_MULTIPART);
  const rules = options.files;
  const spool = request.server.uploads.admit(request, reply, Object.keys(rules));
  const largest = Math.max(0, ...Object.values(rules).map((rule) => rule.maxBytes));
  const maxFieldBytes = options.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES;
  const form: MultipartForm = { fields: {}, files: {} };
  let reading: string | undefined;
  try {
    const parts = request.parts({ limits: partLimits(Object.keys(rules).length, largest, options) });
    for await (const part of parts) {
      if (part.type === "field") {
        const value = textOf(part, maxFieldBytes);
        if (!(part.fieldname in form.fields)) form.fields[part.fieldname] = value;
        continue;
      }
      const field = part.fieldname;
      const rule = Object.hasOwn(rules, field) ? rules[field] : undefined;
      if (!rule) {
        // Refused rather than skipped: skipping would drop a file the sender meant to send.
        await drain(part.file);
        throw unexpectedFile(field, Object.keys(rules));
      }
      reading = field;
      const { file, size } = await spoolPart(part.file, spool, field, rule);
      reading = undefined;
      if (size === 0 && !part.filename) {
        spool.discard(file);
        continue;
      }
      if (!isStorableText(part.filename)) throw new AppError("invalid", FORBIDDEN_TEXT_MESSAGE, { [field]: FORBIDDEN_TEXT_MESSAGE });
      if (form.files[field]) spool.discard(file);
      else form.files[field] = spool.uploaded(file, size, part.filename, part.mimetype, field);
    }
  } catch (error) {
    if (error instanceof SpoolError) throw error.original;
    throw mapError(error, reading);
  }
  return form;
}

export interface StreamOptions {
  maxBytes: number;
  tooLarge: string;
  /** The message when the form has no file in `field`. */
  missing: string;
  maxFields?: number;
  maxFieldBytes?: number;
}

export interface StreamedFileInfo {
  fileName: string;
  mimeType: string;
  /** Text fields sent before the file (a browser sends them in the form's order). */
  fields: Record<string, string>;
}

/**
 * Streams the one file in `field` to `consume` (a CSV import of many megabytes never sits in
 * memory). The stream fails with our 413 once it passes `maxBytes`, and with a 400 naming the field
 * when the body is cut off; whatever `consume` throws itself is passed on unchanged. Parts after the
 * file are drained and ignored.
 */
export async function streamUploadedFile<T>(
  request: FastifyRequest,
  field: string,
  options: StreamOptions,
  consume: (file: Readable, info: StreamedFileInfo) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new AppError("unsupported_media_type", NOT_MULTIPART);
  const rule: FileRule = { maxBytes: options.maxBytes, tooLarge: options.tooLarge };
  const maxFieldBytes = options.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES;
  const fields: Record<string, string> = {};
  let reading: string | undefined;
  let done = false;
  let result: T | undefined;
  try {
    const parts = request.parts({ limits: partLimits(1, options.maxBytes, options) });
    for await (const part of parts) {
      if (part.type === "field") {
        const value = textOf(part, maxFieldBytes);
        if (!done && !(part.fieldname in fields)) fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== field) {
        await drain(part.file);
        throw unexpectedFile(part.fieldname, [field]);
      }
      if (done) {
        await drain(part.file);
        continue;
      }
      if (!isStorableText(part.filename)) throw new AppError("invalid", FORBIDDEN_TEXT_MESSAGE, { [field]: FORBIDDEN_TEXT_MESSAGE });
      reading = field;
      result = await consumeCapped(part, field, rule, fields, consume);
      reading = undefined;
      done = true;
    }
  } catch (error) {
    if (error instanceof ConsumerError) throw error.original;
    throw mapError(error, reading);
  }
  if (!done) throw new AppError("invalid", options.missing, { [field]: options.missing });
  return result as T;
}

async function consumeCapped<T>(
  part: MultipartFile,
  field: string,
  rule: FileRule,
  fields: Record<string, string>,
  consume: (file: Readable, info: StreamedFileInfo) => Promise<T>,
): Promise<T> {
  // When the whole body had arrived before this part was handed over (the request waited on the
  // database first), a body cut off inside the file has already destroyed the file stream: its
  // error was emitted before anyone listened, and piping it would wait forever for data or an end.
  if (part.file.destroyed) throw mapError(part.file.errored ?? new Error("Part terminated early"), field);
  const capped = byteCap(rule.maxBytes);
  let streamError: unknown;
  const fail = (error: unknown) => {
    streamError ??= error;
    capped.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  part.file.on("error", fail);
  capped.on("error", (error) => (streamError ??= error));
  part.file.pipe(capped);
  try {
    const value = await consume(capped, { fileName: part.filename, mimeType: part.mimetype, fields: { ...fields } });
    // The consumer may stop early (it found what it needed, or refused the content): drain the rest.
    if (!part.file.readableEnded) {
      part.file.unpipe(capped);
      part.file.resume();
    }
    return value;
  } catch (error) {
    part.file.unpipe(capped);
    part.file.resume();
    if (streamError instanceof FileTooLarge) throw tooLargeError(field, rule);
    if (streamError !== undefined && !(error instanceof AppError)) throw mapError(streamError, field);
    throw new ConsumerError(error);
  }
}
