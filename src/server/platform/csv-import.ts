import { isUtf8 } from "node:buffer";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse, type Options as ParseOptions } from "csv-parse";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";
import { streamUploadedFile } from "./multipart";

/**
 * The one way a staff CSV import reads its file (the CRM's and the simulation reports'). The upload
 * is written to a temporary file as it arrives, then read twice:
 * 1. a check of the whole file — its encoding, its quoting, every row's width and every cell's
 *    characters — that refuses an unreadable file with a 400 naming the line and column before
 *    anything is written (a file is never half-imported because its 90,000th line is broken);
 * 2. the import itself, which gets the rows as arrays of cells.
 * The temporary folder and every stream on it are closed on every path, answered or failed.
 */

export interface CsvUploadRules {
  maxBytes: number;
  tooLarge: string;
  missing: string;
  /** Most columns a header may have (the CRM's export has 24). */
  maxColumns?: number;
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
  /** The rows as arrays of cells, header first; read from the file each time it is called. */
  records: () => AsyncIterable<string[]>;
}

/** The longest cell or row the parser holds (characters): far past any real cell, short of a stuck quote eating the file. */
export const MAX_RECORD_CHARS = 1024 * 1024;
const DEFAULT_MAX_COLUMNS = 200;
/** How much of the file decides its encoding and delimiter. */
const SNIFF_BYTES = 64 * 1024;

const PARSE_OPTIONS: ParseOptions = {
  bom: true,
  // A quote inside an unquoted cell (Riya "RJ" Sharma) is kept as written, as spreadsheets do.
  relax_quotes: true,
  // Widths are checked below, with the line and column named.
  relax_column_count: true,
  skip_empty_lines: true,
  max_record_size: MAX_RECORD_CHARS,
};

/** A readable file that is not well-formed CSV: a 400 naming where. */
export function csvFileError(line: number, column: number | null, header: string[] | null, reason: string): AppError {
  const name = column !== null && header?.[column - 1] ? ` (${header[column - 1]})` : "";
  const where = column === null ? `Line ${line}` : `Line ${line}, column ${column}${name}`;
  return new AppError("invalid", `The CSV could not be read at ${where.charAt(0).toLowerCase()}${where.slice(1)}: ${reason}`, { file: `${where}: ${reason}` });
}

/** What csv-parse's own errors mean, in plain words. */
function parseErrorReason(error: CsvError): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return "a quoted cell is never closed (a closing quote is missing)";
    case "CSV_MAX_RECORD_SIZE":
      return `a row is longer than ${MAX_RECORD_CHARS.toLocaleString("en-IN")} characters (often a quote that is never closed)`;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "INVALID_OPENING_QUOTE":
      return "a quote in the middle of a cell";
    default:
      return `the file is not well-formed CSV (${error.message.replace(/\s+/g, " ").slice(0, 200)})`;
  }
}

/** The length of a trailing UTF-8 sequence cut by the chunk's end (0 when the chunk ends on a character boundary). */
function incompleteTail(chunk: Buffer): number {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const byte = chunk[chunk.length - back]!;
    if (byte < 0x80) return 0;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? back : 0;
    }
  }
  return 0;
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

/** Turns the file's text into UTF-8 bytes for the parser (a UTF-8 file needs no such stage). */
function toUtf8(encoding: Exclude<CsvEncoding, "utf-8">): Transform {
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      callback(null, Buffer.from(decoder.decode(chunk, { stream: true }), "utf8"));
    },
    flush(callback: TransformCallback) {
      callback(null, Buffer.from(decoder.decode(), "utf8"));
    },
  });
}

/** Passes UTF-8 bytes through and notes whether any were not valid UTF-8 (the check then finds the cell). */
function utf8Watch(state: { invalid: boolean }): Transform {
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!state.invalid) {
        const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
        const tail = incompleteTail(bytes);
        if (!isUtf8(bytes.subarray(0, bytes.length - tail))) state.invalid = true;
        carry = Buffer.from(bytes.subarray(bytes.length - tail));
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (carry.length) state.invalid = true;
      callback();
    },
  });
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

interface Reading {
  encoding: CsvEncoding;
  delimiter: string;
}

/** The file's rows as the parser reads them; every stream is destroyed when the caller stops early. */
async function* parsed<T>(file: string, reading: Reading, options: ParseOptions = {}, watch?: { invalid: boolean }): AsyncGenerator<T> {
  const { encoding } = reading;
  const stages: (Readable | Transform)[] = [createReadStream(file), ...(encoding === "utf-8" ? [] : [toUtf8(encoding)]), ...(watch ? [utf8Watch(watch)] : [])];
  const parser = parse({ ...PARSE_OPTIONS, ...options, delimiter: reading.delimiter });
  stages.reduce((upstream, stage) => upstream.pipe(stage as Transform)).pipe(parser);
  for (const stage of stages) stage.on("error", (error) => parser.destroy(error));
  try {
    yield* parser as AsyncIterable<T>;
  } finally {
    for (const stage of stages) stage.destroy();
    parser.destroy();
  }
}

const widthError = (line: number, column: number, header: string[], cells: number) =>
  csvFileError(line, column, header, `the row has ${cells} cells but the header has ${header.length} columns`);

/** Reads the whole file once and throws the first reason it cannot be imported; answers the count of data rows. */
async function checkFile(file: string, reading: Reading, maxColumns: number): Promise<number> {
  const watch = { invalid: false };
  let header: string[] | null = null;
  let rows = 0;
  // The parser's line count when it finished the previous row: a row (and an error) starts on the next line.
  let previousEnd = 0;
  const onRecord = (cells: string[], info: { lines: number }) => {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    return { cells, line };
  };
  try {
    for await (const { cells, line } of parsed<{ cells: string[]; line: number }>(file, reading, { on_record: onRecord as unknown as ParseOptions["on_record"] }, watch)) {
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
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const index = (error as { index?: unknown }).index;
      throw csvFileError(previousEnd + 1, typeof index === "number" ? index + 1 : null, header, parseErrorReason(error));
    }
    throw error;
  }
  if (!header) throw new AppError("invalid", "The CSV file is empty", { file: "Line 1: the file is empty (no header row)" });
  return rows;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Receives the multipart field `file`, checks it, and hands it to `consume`. A file that cannot be
 * read is a 400 naming the line and column, before `consume` runs.
 */
export async function receiveCsvUpload<T>(request: FastifyRequest, rules: CsvUploadRules, consume: (file: CsvFile) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "ff-csv-import-"));
  try {
    const spooled = path.join(dir, "upload.csv");
    await streamUploadedFile(request, "file", rules, (upload) => pipeline(upload, createWriteStream(spooled)));
    const head = await readHead(spooled);
    const encoding = sniffEncoding(head);
    const delimiter = sniffDelimiter(new TextDecoder(encoding).decode(head));
    const reading = { encoding, delimiter };
    const rows = await checkFile(spooled, reading, rules.maxColumns ?? DEFAULT_MAX_COLUMNS);
    return await consume({ encoding, delimiter, rows, records: () => parsed<string[]>(spooled, reading) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
