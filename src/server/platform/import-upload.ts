import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { csvImportJob, importUpload, importUploadChunk } from "../db/schema";
import { checkFile, csvFileError, DEFAULT_MAX_COLUMNS, parsed, SNIFF_BYTES, sniffReading, type CsvEncoding, type Reading } from "./csv-import";
import { AppError } from "./errors";
import { streamUploadedFile } from "./multipart";
import { XlsxUnreadable, xlsxRows } from "./xlsx-rows";

/**
 * A staff import's file kept in PostgreSQL (ARCHITECTURE.md principle 8, issue 23 §5): written as
 * chunks while it arrives, with its SHA-256, so any process (or a restarted one) reads it back, and no
 * machine's temporary folder ever holds it. A CSV is checked as it arrives exactly as csv-import.ts
 * checks one (a 400 names the line and column); an XLSX is read once it has all arrived, from the
 * database, within XLSX_MAX_BYTES (an XLSX is a zip: it is read whole, so its size is bounded).
 */
export type UploadFormat = (typeof importUpload.$inferSelect)["format"];

export interface StoredUpload {
  id: string;
  fileName: string;
  format: UploadFormat;
  bytes: number;
  sha256: string;
  columns: string[];
  sample: string[][];
  /** Data rows (the header not counted). */
  rows: number;
}

export interface UploadRules {
  maxBytes: number;
  tooLarge: string;
  missing: string;
  maxColumns?: number;
}

/** Rows of the file shown beside the mapping. */
export const SAMPLE_ROWS = 3;
/** Bytes per stored chunk: a 512 MB file is 512 rows, each written and read in one statement. */
export const CHUNK_BYTES = 1024 * 1024;
/**
 * An XLSX is a ZIP read from memory (its sheet is inflated and read as a stream, xlsx-rows.ts): 25 MB
 * of XLSX is some 300,000 rows of the export's columns. Larger sheets: save as CSV.
 */
export const XLSX_MAX_BYTES = 25 * 1024 * 1024;
/** What an XLSX's parts may inflate to together: a 25 MB sheet of real rows is a few hundred MB of XML; more is a ZIP bomb. */
const XLSX_MAX_INFLATED_BYTES = 1024 * 1024 * 1024;
const XLSX_TOO_LARGE = "An XLSX file can be at most 25 MB; save a larger sheet as CSV (any size up to 512 MB)";
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Stores the chunks of `source` under `uploadId` as they come, hashing them; yields each chunk once it is stored. */
async function* storing(db: Db, uploadId: string, source: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>, sizes: { bytes: number; chunks: number }, limit: number) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await db.insert(importUploadChunk).values({ uploadId, seq: sizes.chunks++, data });
  };
  for await (const chunk of source) {
    sizes.bytes += chunk.length;
    if (sizes.bytes > limit) throw new AppError("payload_too_large", XLSX_TOO_LARGE, { file: XLSX_TOO_LARGE });
    hash.update(chunk);
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
    yield chunk;
  }
  await flush();
}

/** The first chunks of the upload, at least SNIFF_BYTES (or all of a smaller file), and the rest to come. */
async function head(upload: Readable): Promise<{ first: Buffer; rest: AsyncIterator<Buffer>; ended: boolean }> {
  const rest = upload[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let bytes = 0;
  while (bytes < SNIFF_BYTES) {
    const next = await rest.next();
    if (next.done) return { first: Buffer.concat(chunks), rest, ended: true };
    chunks.push(next.value);
    bytes += next.value.length;
  }
  return { first: Buffer.concat(chunks), rest, ended: false };
}

async function* joined(first: Buffer, rest: AsyncIterator<Buffer>, ended: boolean): AsyncGenerator<Buffer> {
  if (first.length) yield first;
  if (ended) return;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * Receives the multipart field `file` into the database and checks it: 201-ready facts (columns, a
 * sample, rows, hash). A file that cannot be read is a 400 naming where, and leaves nothing stored.
 */
export async function receiveImportUpload(db: Db, request: FastifyRequest, rules: UploadRules, staffId: string): Promise<StoredUpload> {
  let uploadId: string | null = null;
  try {
    return await streamUploadedFile(request, "file", rules, async (upload, info) => {
      const { first, rest, ended } = await head(upload);
      const format: UploadFormat = first.subarray(0, 4).equals(ZIP_MAGIC) ? "xlsx" : "csv";
      const hash = createHash("sha256");
      const sizes = { bytes: 0, chunks: 0 };
      const limit = format === "xlsx" ? XLSX_MAX_BYTES : rules.maxBytes;
      const reading: Reading | null = format === "csv" ? sniffReading(first) : null;
      const [row] = await db
        .insert(importUpload)
        .values({ staffId, fileName: info.fileName.slice(0, 300) || "upload", format, delimiter: reading?.delimiter, encoding: reading?.encoding })
        .returning({ id: importUpload.id });
      uploadId = row!.id;
      const stored = storing(db, uploadId, joined(first, rest, ended), hash, sizes, limit);
      let rows: number;
      let columns: string[] = [];
      if (reading) {
        const source = Readable.from(stored, { objectMode: false });
        try {
          rows = await checkFile(source, reading, rules.maxColumns ?? DEFAULT_MAX_COLUMNS, (header) => (columns = header.map((cell) => cell.trim())));
        } finally {
          source.destroy();
          upload.destroy();
        }
      } else {
        for await (const chunk of stored) void chunk; // stored as it comes; read below, whole
        rows = -1;
      }
      const id = uploadId;
      const sample: string[][] = [];
      if (!reading) {
        // An XLSX is read from the database like any later reader would, so a file that only looks like one is refused now.
        let count = -1;
        for await (const cells of sheetRows(await wholeFile(db, id))) {
          if (count === -1) columns = cells.map((cell) => cell.trim());
          else if (sample.length < SAMPLE_ROWS) sample.push(cells);
          count++;
        }
        if (count === -1) throw new AppError("invalid", "The sheet is empty", { file: "Row 1: the first sheet is empty (no header row)" });
        rows = count;
      } else {
        for await (const chunk of storedRecords(db, { id, format, delimiter: reading.delimiter, encoding: reading.encoding })) {
          sample.push(...chunk.slice(0, SAMPLE_ROWS + 1 - sample.length));
          if (sample.length > SAMPLE_ROWS) break;
        }
        sample.shift();
      }
      if (!columns.some(Boolean)) throw new AppError("invalid", "The first row has no column names", { file: "Row 1: the header row is blank" });
      const sha256 = hash.digest("hex");
      await db.update(importUpload).set({ bytes: sizes.bytes, sha256, columns, sample, rows }).where(eq(importUpload.id, id));
      return { id, fileName: info.fileName, format, bytes: sizes.bytes, sha256, columns, sample, rows };
    });
  } catch (error) {
    if (uploadId) await db.delete(importUpload).where(eq(importUpload.id, uploadId));
    throw error;
  }
}

/** The stored upload, checked and complete; 404 when there is none (or it was removed after its import). */
export async function readUpload(db: Db, id: string): Promise<StoredUpload & { delimiter: string | null; encoding: string | null }> {
  const [row] = await db.select().from(importUpload).where(and(eq(importUpload.id, id), sql`${importUpload.sha256} is not null`));
  if (!row) throw new AppError("not_found", "Upload not found: upload the file again");
  return { ...row, sha256: row.sha256!, columns: row.columns ?? [], sample: row.sample ?? [], rows: row.rows ?? 0 };
}

/** The stored chunks in order, one statement each (memory holds one chunk). */
async function* chunksOf(db: Db, uploadId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await db.select({ data: importUploadChunk.data }).from(importUploadChunk).where(and(eq(importUploadChunk.uploadId, uploadId), eq(importUploadChunk.seq, seq)));
    if (!chunk) return;
    yield chunk.data;
  }
}

async function wholeFile(db: Db, uploadId: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of chunksOf(db, uploadId)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The first sheet's rows as arrays of text, header first; a workbook we cannot read is a 400 saying why. */
async function* sheetRows(file: Buffer): AsyncGenerator<string[]> {
  try {
    yield* xlsxRows(file, {
      maxInflatedBytes: XLSX_MAX_INFLATED_BYTES,
      maxColumns: DEFAULT_MAX_COLUMNS,
      tooWide: (row, width) => csvFileError(row, null, null, `the sheet has ${width} columns; at most ${DEFAULT_MAX_COLUMNS} are read`),
    });
  } catch (error) {
    if (!(error instanceof XlsxUnreadable)) throw error;
    throw new AppError("invalid", "The XLSX file could not be read", { file: `The file is not a readable XLSX workbook (${error.message})` });
  }
}

/** A sheet's rows are handed on in chunks of this many (RowChunks), as a CSV's are a chunk of the file at a time. */
const SHEET_CHUNK_ROWS = 1000;

/** The upload's rows as arrays of cells, header first, a chunk at a time (RowChunks), read back from the database. */
export function storedRecords(db: Db, upload: { id: string; format: UploadFormat; delimiter: string | null; encoding: string | null }): AsyncIterable<string[][]> {
  if (upload.format === "xlsx") {
    return (async function* () {
      let chunk: string[][] = [];
      for await (const cells of sheetRows(await wholeFile(db, upload.id))) {
        chunk.push(cells);
        if (chunk.length === SHEET_CHUNK_ROWS) {
          yield chunk;
          chunk = [];
        }
      }
      if (chunk.length) yield chunk;
    })();
  }
  const reading: Reading = { encoding: (upload.encoding ?? "utf-8") as CsvEncoding, delimiter: upload.delimiter ?? "," };
  return parsed(Readable.from(chunksOf(db, upload.id), { objectMode: false }), reading);
}

/** Uploads a day old that no running import reads: dropped with their chunks (one statement). */
export async function pruneUploads(db: Db): Promise<void> {
  await db.execute(sql`
    delete from ${importUpload} u where u.created_at < now() - interval '1 day'
      and not exists (select 1 from ${csvImportJob} j where j.upload_id = u.id and j.status = 'running')`);
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.delete(importUpload).where(eq(importUpload.id, id));
}
