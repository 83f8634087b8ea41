import { isUtf8 } from "node:buffer";
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { CsvReader, CsvReadError, incompleteTail } from "./csv-reader";
import { AppError } from "./errors";
import { streamUploadedFile } from "./multipart";

/**
 * The one way a staff CSV import reads its file (the CRM's and the simulation reports'). The upload
 * is read as it arrives, never held in memory:
 * 1. a check of the whole file as it arrives — its encoding, its quoting, every row's width, every
 *    cell's characters and the import's header — that refuses an unreadable file with a 400 naming
 *    the line and column before anything is written (a file is never half-imported because its
 *    90,000th line is broken), while each chunk is also written to a temporary file;
 * 2. the import itself (a job with progress, csv-import-job.ts), which reads the rows back from
 *    that file as arrays of cells.
 * The temporary folder and every stream on it are closed on every path, answered or failed.
 */

export interface CsvUploadRules {
  maxBytes: number;
  tooLarge: string;
  missing: string;
  /** Most columns a header may have (the CRM's export has 24). */
  maxColumns?: number;
  /** The import's own rule for the header row: throws (a 400 naming line 1) when the file lacks its columns. */
  header?: (header: string[]) => void;
}

/** The name both imports run under, one at a time (they write the same leads), and the answer to a second. */
export const CSV_IMPORT = "csv-import";
export const IMPORT_RUNNING = "An import is running; try again when it has finished";

/** Text encodings the check recognises: what Excel and Google Sheets write. */
export type CsvEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export interface CsvFile {
  encoding: CsvEncoding;
  delimiter: string;
  /** Data rows (after the header) the check counted. */
  rows: number;
  /** The rows as arrays of cells, header first, a chunk at a time (RowChunks); read from the file each time it is called. */
  records: () => AsyncIterable<string[][]>;
}

/**
 * A file's rows as arrays of cells, header first, handed over a chunk of the file at a time: one
 * await per chunk, not per row. Passed row by row through the async generators between the file and
 * an import, a million-row file made four promises a row, whose hooks and garbage cost the server's
 * thread several seconds of an import (CPU profile of `bench:crm-import`).
 */
export type RowChunks = AsyncIterable<string[][]> | Iterable<string[][]>;

/** The longest cell or row the parser holds (characters): far past any real cell, short of a stuck quote eating the file. */
export const MAX_RECORD_CHARS = 1024 * 1024;
export const DEFAULT_MAX_COLUMNS = 200;
/** How much of the file decides its encoding and delimiter. */
export const SNIFF_BYTES = 64 * 1024;

/** A readable file that is not well-formed CSV: a 400 naming where. */
export function csvFileError(line: number, column: number | null, header: string[] | null, reason: string): AppError {
  const name = column !== null && header?.[column - 1] ? ` (${header[column - 1]})` : "";
  const where = column === null ? `Line ${line}` : `Line ${line}, column ${column}${name}`;
  return new AppError("invalid", `The CSV could not be read at ${where.charAt(0).toLowerCase()}${where.slice(1)}: ${reason}`, { file: `${where}: ${reason}` });
}

/** What the reader's refusals mean, in plain words. */
function readErrorReason(error: CsvReadError): string {
  return error.kind === "quote_not_closed"
    ? "a quoted cell is never closed (a closing quote is missing)"
    : `a row is longer than ${MAX_RECORD_CHARS.toLocaleString("en-IN")} characters (often a quote that is never closed)`;
}

/** Encoding from a byte-order mark, else UTF-8 when the first bytes are valid UTF-8, else Windows-1252 (Excel's "CSV" on Windows). */
export function sniffEncoding(head: Buffer): CsvEncoding {
  // A UTF-8 byte-order mark says UTF-8 whatever follows: a stray byte is then reported where it is.
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  return isUtf8(head.subarray(0, head.length - incompleteTail(head))) ? "utf-8" : "windows-1252";
}

/** The delimiter of the first line: comma, semicolon (Excel in many European locales) or tab, whichever occurs most outside quotes. */
export function sniffDelimiter(text: string): string {
  const counts: Record<string, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts[char]!++;
  }
  const [delimiter, count] = Object.entries(counts).reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  return count > 0 ? delimiter : ",";
}

/**
 * How to read the file, decided from its first SNIFF_BYTES (or all of a smaller file), whatever sizes
 * the network's chunks came in. First bytes that fill SNIFF_BYTES without a line break are refused at
 * once: no header row is that long, and the parser would otherwise cut a line of short cells into
 * hundreds of thousands of strings before refusing it at MAX_RECORD_CHARS (measured: ~0.15 s of the
 * server's thread for each 50 MB file of one line, uploaded again and again).
 */
export function sniffReading(first: Buffer): Reading {
  const head = first.subarray(0, SNIFF_BYTES);
  if (head.length === SNIFF_BYTES && !head.includes(0x0a) && !head.includes(0x0d)) {
    throw csvFileError(1, null, null, `the header row is longer than ${SNIFF_BYTES / 1024} KB and has no line break (is the file a CSV?)`);
  }
  const encoding = sniffEncoding(head);
  return { encoding, delimiter: sniffDelimiter(new TextDecoder(encoding).decode(head)) };
}

/** Notes whether the UTF-8 bytes seen so far were all valid (the check then finds the cell with a U+FFFD). */
function utf8Watch(state: { invalid: boolean }): (chunk: Buffer, last: boolean) => void {
  let carry = Buffer.alloc(0);
  return (chunk, last) => {
    if (state.invalid) return;
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const tail = last ? 0 : incompleteTail(bytes);
    if (!isUtf8(bytes.subarray(0, bytes.length - tail))) state.invalid = true;
    carry = Buffer.from(bytes.subarray(bytes.length - tail));
  };
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what this finds
const SUSPECT = /[\u0000\ufeff\ufffd\ud800-\udfff]/;
// eslint-disable-next-line no-control-regex -- NUL is exactly what this finds
const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with one cell's characters, or null. */
function cellProblem(cell: string, invalidUtf8: boolean): string | null {
  if (NUL.test(cell)) return "contains a NUL character, which cannot be stored";
  if (LONE_SURROGATE.test(cell)) return "contains an unpaired surrogate, which is not valid Unicode";
  if (invalidUtf8 && cell.includes("\ufffd")) return 'contains bytes that are not UTF-8 text; save the file as "CSV UTF-8" and import it again';
  // The parser drops a byte-order mark that opens the file; any other is out of place.
  if (cell.includes("\ufeff")) return "contains a byte-order mark in the middle of the file (were two files joined?)";
  return null;
}

export interface Reading {
  encoding: CsvEncoding;
  delimiter: string;
}

/**
 * The file's rows read from `source` a chunk at a time (csv-reader.ts), as each chunk's rows: their
 * cells, and the line each starts on. The source is destroyed when the caller stops early. `watch`
 * notes bytes that are not UTF-8 in a UTF-8 file.
 */
async function* rowsByChunk(source: Readable, reading: Reading, watch?: { invalid: boolean }): AsyncGenerator<{ cells: string[][]; lines: number[] }> {
  // Another encoding is turned into UTF-8 first; a byte-order mark that opens the file is dropped
  // (by the decoder, and by the reader for UTF-8); one anywhere else stays, and the check names it.
  const decoder = reading.encoding === "utf-8" ? null : new TextDecoder(reading.encoding, { ignoreBOM: false });
  const reader = new CsvReader(reading.delimiter, MAX_RECORD_CHARS);
  const noteUtf8 = watch && reading.encoding === "utf-8" ? utf8Watch(watch) : null;
  let rows = { cells: [] as string[][], lines: [] as number[] };
  const onRow = (cells: string[], line: number) => {
    rows.cells.push(cells);
    rows.lines.push(line);
  };
  const take = () => {
    const taken = rows;
    rows = { cells: [], lines: [] };
    return taken;
  };
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      noteUtf8?.(chunk, false);
      reader.write(decoder ? Buffer.from(decoder.decode(chunk, { stream: true }), "utf8") : chunk, onRow);
      yield take();
    }
    noteUtf8?.(Buffer.alloc(0), true);
    if (decoder) reader.write(Buffer.from(decoder.decode(), "utf8"), onRow);
    reader.end(onRow);
    yield take();
  } finally {
    source.destroy();
  }
}

/** The file's rows as arrays of cells, a chunk of the file at a time (RowChunks). */
export async function* parsed(source: Readable, reading: Reading): AsyncGenerator<string[][]> {
  for await (const rows of rowsByChunk(source, reading)) if (rows.cells.length) yield rows.cells;
}

const widthError = (line: number, column: number, header: string[], cells: number) =>
  csvFileError(line, column, header, `the row has ${cells} cells but the header has ${header.length} columns`);

/**
 * Reads the whole file once, as it arrives, and throws the first reason it cannot be imported (the
 * import's own header rule included); answers the count of data rows.
 */
export async function checkFile(source: Readable, reading: Reading, maxColumns: number, headerRule?: (header: string[]) => void): Promise<number> {
  const watch = { invalid: false };
  let header: string[] | null = null;
  let rows = 0;
  try {
    for await (const chunk of rowsByChunk(source, reading, watch)) {
      for (let i = 0; i < chunk.cells.length; i++) {
        const cells = chunk.cells[i]!;
        const line = chunk.lines[i]!;
        const isHeader = !header;
        if (!header) {
          let width = cells.length;
          while (width > 1 && cells[width - 1]!.trim() === "") width--;
          if (width > maxColumns) throw csvFileError(line, null, null, `the header has ${cells.length.toLocaleString("en-IN")} columns; at most ${maxColumns} are read`);
          header = cells.slice(0, width);
        } else {
          rows++;
          // Extra cells left blank (a spreadsheet's trailing commas) are fine; a lone blank cell is a blank line.
          if (cells.length > header.length && cells.slice(header.length).some((cell) => cell.trim() !== "")) throw widthError(line, header.length + 1, header, cells.length);
          if (cells.length < header.length && !(cells.length === 1 && cells[0] === "")) throw widthError(line, cells.length + 1, header, cells.length);
        }
        // One test per row; the cell is looked for only when the row has a suspect character.
        if (SUSPECT.test(cells.join("\n"))) {
          for (const [index, cell] of cells.entries()) {
            const problem = cellProblem(cell, watch.invalid);
            if (problem) throw csvFileError(line, index + 1, header, problem);
          }
        }
        // A file without the import's columns is refused while it arrives, not after it has all come.
        if (isHeader) headerRule?.(header);
      }
    }
  } catch (error) {
    if (error instanceof CsvReadError) throw csvFileError(error.line, error.column, header, readErrorReason(error));
    throw error;
  }
  if (!header) throw new AppError("invalid", "The CSV file is empty", { file: "Line 1: the file is empty (no header row)" });
  return rows;
}

/**
 * The upload as it arrives: each chunk is written to `spooled` (waiting for the disk, so memory holds
 * a chunk or two whatever the file's size) and then passed on to the check. The first SNIFF_BYTES are
 * gathered first, to decide the encoding and delimiter (sniffReading). The spool file is closed on
 * every path.
 */
async function arriving(upload: Readable, spooled: string): Promise<{ reading: Reading; source: Readable }> {
  const spool = createWriteStream(spooled);
  const failed = new Promise<never>((_, reject) => spool.once("error", reject));
  failed.catch(() => {}); // raised where a write or the end awaits it
  const write = async (chunk: Buffer) => {
    if (!spool.write(chunk)) await Promise.race([once(spool, "drain"), failed]);
  };
  const chunks = upload[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  let head: Buffer;
  let reading: Reading;
  try {
    while (headBytes < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      await write(next.value);
      headChunks.push(next.value);
      headBytes += next.value.length;
    }
    head = Buffer.concat(headChunks);
    reading = sniffReading(head);
  } catch (error) {
    spool.destroy();
    await chunks.return?.();
    throw error;
  }
  async function* all(): AsyncGenerator<Buffer> {
    try {
      yield head;
      if (!ended) {
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
          await write(next.value);
          yield next.value;
        }
      }
      spool.end();
      await Promise.race([finished(spool), failed]);
    } finally {
      // Stopped early (the check refused the file) or failed: the file is closed, the upload let go.
      if (!spool.writableFinished) spool.destroy();
      await chunks.return?.();
    }
  }
  return { reading, source: Readable.from(all(), { objectMode: false }) };
}

/** A received file that passed the check, spooled to disk; the one who holds it calls `dispose` when done. */
export interface ReceivedCsv extends CsvFile {
  dispose: () => Promise<void>;
}

/**
 * Receives the multipart field `file` and checks it as it arrives (the check reads the upload, and the
 * upload is written to a temporary file on the way): a file that cannot be read is a 400 naming the
 * line and column, answered before the rest of a big upload has even arrived and before anything is
 * written. The file is then read again from disk, by `records()`, as often as needed.
 */
export async function receiveCsvUpload(request: FastifyRequest, rules: CsvUploadRules): Promise<ReceivedCsv> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "ff-csv-import-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const spooled = path.join(dir, "upload.csv");
    const checked = await streamUploadedFile(request, "file", rules, async (upload) => {
      const { reading, source } = await arriving(upload, spooled);
      try {
        const rows = await checkFile(source, reading, rules.maxColumns ?? DEFAULT_MAX_COLUMNS, rules.header);
        return { ...reading, rows };
      } finally {
        // Refused early: the upload still waiting on the network is let go too, so nothing waits on it.
        source.destroy();
        upload.destroy();
      }
    });
    const reading = { encoding: checked.encoding, delimiter: checked.delimiter };
    return { ...checked, records: () => parsed(createReadStream(spooled), reading), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
