import { StringDecoder } from "node:string_decoder";
import { createInflateRaw, inflateRawSync } from "node:zlib";
import { zipEntries, type ZipEntry } from "./zip-inflation";

/**
 * The first sheet of an XLSX workbook, row by row, as the CSV of the same sheet would hold it: text
 * as typed, numbers as written, dates as YYYY-MM-DD (with HH:MM when they have a time), times alone as
 * HH:MM, booleans as Yes / No.
 *
 * Read as a stream: the sheet's XML is inflated a chunk at a time and each row is handed over as soon
 * as it is complete, so memory holds the shared strings and one chunk, and the server's thread is free
 * between chunks. Parsing the whole workbook into objects first (read-excel-file, before) kept 542 MB
 * of heap for an 8.7 MB file of 120,000 rows and held the thread 6.6 s.
 */

/** A workbook that is not one we can read: the reason, for the person who uploaded it. */
export class XlsxUnreadable extends Error {}

export interface XlsxLimits {
  /** Bytes all the parts read may inflate to together (a small ZIP can expand to gigabytes). */
  maxInflatedBytes: number;
  /** Columns a row may have. */
  maxColumns: number;
  /** Called with the row's number and width when a row is wider than maxColumns: what to throw. */
  tooWide: (row: number, width: number) => Error;
}

/** Excel's own number formats that show a date or a time (ECMA-376 §18.8.30, and the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** Parts (files in the ZIP) a workbook may have: its directory is read whole before any row. */
const MAX_PARTS = 10_000;
/** The longest a single row (or shared string) may be in the sheet's XML. */
const MAX_ELEMENT_CHARS = 16 * 1024 * 1024;
const DAY_MS = 86_400_000;
/** Day 0 of Excel's 1900 date system (it counts 1900 as a leap year, so serials from 61 on line up with this). */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
/** Serial day 0 of the 1904 system (Mac Excel's old default) is day 1462 of the 1900 system. */
const OFFSET_1904 = 1462;

/** Any namespace prefix an element may carry (x:row as some writers spell it). */
const PREFIX = "(?:[A-Za-z_][\\w.-]*:)?";

export async function* xlsxRows(file: Buffer, limits: XlsxLimits): AsyncGenerator<string[]> {
  const entries = zipEntries(file, MAX_PARTS);
  if (entries === "unreadable") throw new XlsxUnreadable("not a ZIP archive we can open");
  if (entries === "too-many") throw new XlsxUnreadable(`it has more than ${MAX_PARTS.toLocaleString("en-IN")} parts; a workbook of one sheet has about ten`);
  const parts = new Map(entries.map((entry) => [entry.name.replace(/^\/+/, ""), entry]));
  const budget = { left: limits.maxInflatedBytes };
  const workbook = partText(parts.get("xl/workbook.xml"), budget) ?? "";
  const sheet = parts.get(firstSheetPath(workbook, partText(parts.get("xl/_rels/workbook.xml.rels"), budget) ?? ""));
  if (!sheet) throw new XlsxUnreadable("the workbook has no sheet");
  const date1904 = new RegExp(`<${PREFIX}workbookPr\\b[^>]*\\bdate1904="(?:1|true)"`).test(workbook);
  const dateStyles = dateStylesOf(partText(parts.get("xl/styles.xml"), budget) ?? "");
  const shared: string[] = [];
  const strings = parts.get("xl/sharedStrings.xml");
  // Copied out of the chunk they were cut from (a substring would keep the whole chunk alive).
  if (strings) for await (const item of elements(inflated(strings, budget), "si")) shared.push(Buffer.from(richText(item)).toString());

  let number = 0;
  let width = 0;
  for await (const row of elements(inflated(sheet, budget), "row")) {
    number++;
    const cells: string[] = [];
    let next = 0;
    for (const cell of row.matchAll(CELL)) {
      const attributes = cell[1]!;
      const reference = /\br="([A-Za-z]+)/.exec(attributes)?.[1];
      const column = reference ? columnIndex(reference) : next;
      next = column + 1;
      if (next > limits.maxColumns) throw limits.tooWide(number, next);
      const text = cellText(attributes, cell[2] ?? "", shared, dateStyles, date1904);
      while (cells.length < column) cells.push("");
      cells[column] = text;
    }
    if (cells.every((text) => text.trim() === "")) continue;
    // Every row as wide as the first (the header), as the CSV of the sheet would be.
    width ||= cells.length;
    while (cells.length < width) cells.push("");
    yield cells;
  }
}

const CELL = new RegExp(`<${PREFIX}c\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${PREFIX}c>)`, "g");
const VALUE = new RegExp(`<${PREFIX}v(?:\\s[^>]*)?>([\\s\\S]*?)</${PREFIX}v>`);
const PHONETIC = new RegExp(`<${PREFIX}rPh\\b[\\s\\S]*?</${PREFIX}rPh>`, "g");
const TEXT_RUN = new RegExp(`<${PREFIX}t(?:\\s[^>]*)?>([\\s\\S]*?)</${PREFIX}t>`, "g");

function cellText(attributes: string, inner: string, shared: string[], dateStyles: Set<number>, date1904: boolean): string {
  const type = /\bt="(\w+)"/.exec(attributes)?.[1] ?? "n";
  if (type === "inlineStr") return richText(inner);
  const raw = VALUE.exec(inner)?.[1];
  if (raw === undefined) return "";
  const value = unescapeXml(raw);
  switch (type) {
    case "s":
      return shared[Number(value)] ?? "";
    case "b":
      return value === "1" || value === "true" ? "Yes" : "No";
    case "d":
      return isoText(value);
    case "n": {
      const amount = Number(value);
      if (value.trim() === "" || !Number.isFinite(amount)) return value;
      const style = Number(/\bs="(\d+)"/.exec(attributes)?.[1] ?? 0);
      return dateStyles.has(style) ? serialText(amount, date1904) : String(amount);
    }
    default:
      // "str" (a formula's text), "e" (an error such as #N/A): as shown.
      return value;
  }
}

/** A serial day number as the sheet shows it: a time alone below 1, else the date with any time. */
function serialText(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? OFFSET_1904 : 0);
  // To the nearest second: a time is stored as a fraction of a day (0.5208333… for 12:30).
  const iso = new Date(EPOCH_1900 + Math.round((days * DAY_MS) / 1000) * 1000).toISOString();
  if (serial < 1) return iso.slice(11, 16);
  return iso.slice(11, 19) === "00:00:00" ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** An ISO 8601 date cell (t="d"). */
function isoText(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?/.exec(value);
  if (!match) return value;
  return match[2] && match[2] !== "00:00" ? `${match[1]} ${match[2]}` : match[1]!;
}

/** A shared string or inline string: its text runs joined, without phonetic guides. */
function richText(xml: string): string {
  const withoutGuides = xml.includes("rPh") ? xml.replace(PHONETIC, "") : xml;
  let text = "";
  for (const run of withoutGuides.matchAll(TEXT_RUN)) text += run[1];
  return unescapeXml(text);
}

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML's escapes, then OOXML's own _xHHHH_ for characters XML cannot hold (a carriage return is _x000D_). */
function unescapeXml(text: string): string {
  if (!text.includes("&") && !text.includes("_x")) return text;
  return text
    .replace(/&(?:#x([0-9a-fA-F]+)|#(\d+)|(lt|gt|amp|quot|apos));/g, (whole, hex: string, decimal: string, name: string) => {
      const code = hex ? parseInt(hex, 16) : decimal ? Number(decimal) : -1;
      if (name) return NAMED[name]!;
      return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** "A" → 0, "Z" → 25, "AA" → 26. */
function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** The part the workbook's first sheet is in (its relationship's target), or Excel's usual place for it. */
function firstSheetPath(workbook: string, relationships: string): string {
  const fallback = "xl/worksheets/sheet1.xml";
  const sheet = new RegExp(`<${PREFIX}sheet\\b([^>]*)>`).exec(workbook)?.[1];
  const id = sheet && /\s[\w.-]+:id="([^"]+)"/.exec(sheet)?.[1];
  if (!id) return fallback;
  for (const relationship of relationships.matchAll(new RegExp(`<${PREFIX}Relationship\\b([^>]*)>`, "g"))) {
    if (/\bId="([^"]+)"/.exec(relationship[1]!)?.[1] !== id) continue;
    const target = /\bTarget="([^"]+)"/.exec(relationship[1]!)?.[1];
    if (!target) return fallback;
    const path = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
    // "xl/../xl/worksheets/sheet1.xml" → "xl/worksheets/sheet1.xml"
    const segments: string[] = [];
    for (const segment of path.split("/")) {
      if (segment === "..") segments.pop();
      else if (segment !== ".") segments.push(segment);
    }
    return segments.join("/");
  }
  return fallback;
}

/** The cell styles (indexes into cellXfs) whose number format shows a date or a time. */
function dateStylesOf(styles: string): Set<number> {
  const custom = new Map<number, string>();
  for (const format of styles.matchAll(new RegExp(`<${PREFIX}numFmt\\b([^>]*)>`, "g"))) {
    const id = /\bnumFmtId="(\d+)"/.exec(format[1]!)?.[1];
    const code = /\bformatCode="([^"]*)"/.exec(format[1]!)?.[1];
    if (id && code !== undefined) custom.set(Number(id), unescapeXml(code));
  }
  const cellXfs = new RegExp(`<${PREFIX}cellXfs\\b[\\s\\S]*?</${PREFIX}cellXfs>`).exec(styles)?.[0] ?? "";
  const dates = new Set<number>();
  let index = 0;
  for (const xf of cellXfs.matchAll(new RegExp(`<${PREFIX}xf\\b([^>]*)>`, "g"))) {
    const id = Number(/\bnumFmtId="(\d+)"/.exec(xf[1]!)?.[1] ?? 0);
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id)) dates.add(index);
    index++;
  }
  return dates;
}

/** A format code that shows a date or time: d, m, y, h or s outside quotes, escapes and [colour] or [$₹-4009] blocks. */
function isDateFormat(code: string): boolean {
  const shown = code.split(";")[0]!.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, "");
  return /[dmyhs]/i.test(shown) && !/general/i.test(shown);
}

/** A small part (workbook, relationships, styles) as text, within the budget; undefined when absent. */
function partText(entry: ZipEntry | undefined, budget: { left: number }): string | undefined {
  if (!entry) return undefined;
  let bytes: Buffer;
  try {
    bytes = entry.method === 0 ? entry.body : inflateRawSync(entry.body, { maxOutputLength: budget.left + 1 });
  } catch (error) {
    throw (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" ? tooLarge() : new XlsxUnreadable(`${entry.name} is damaged`);
  }
  spend(budget, bytes.length);
  return bytes.toString("utf8");
}

const tooLarge = () => new XlsxUnreadable("it expands to more data than an import reads; save the sheet as CSV");

function spend(budget: { left: number }, bytes: number) {
  budget.left -= bytes;
  if (budget.left < 0) throw tooLarge();
}

/** A part's text, a chunk at a time, as it inflates. */
async function* inflated(entry: ZipEntry, budget: { left: number }): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  if (entry.method === 0) {
    spend(budget, entry.body.length);
    yield decoder.write(entry.body);
    return;
  }
  const inflate = createInflateRaw();
  inflate.end(entry.body);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      spend(budget, chunk.length);
      yield decoder.write(chunk);
    }
  } catch (error) {
    if (error instanceof XlsxUnreadable) throw error;
    throw new XlsxUnreadable(`${entry.name} is damaged`);
  } finally {
    inflate.destroy();
  }
  yield decoder.end();
}

/**
 * Each complete `<tag …>…</tag>` (or `<tag …/>`) element in the text, as it arrives: a row of the sheet,
 * a shared string. Text before an element is let go as soon as it is passed.
 */
async function* elements(chunks: AsyncIterable<string>, tag: string): AsyncGenerator<string> {
  const open = new RegExp(`<(${PREFIX})${tag}(?=[\\s/>])`, "g");
  let text = "";
  for await (const chunk of chunks) {
    text += chunk;
    let at = 0;
    for (;;) {
      open.lastIndex = at;
      const start = open.exec(text);
      if (!start) {
        // Keep what could be the beginning of a split "<row".
        at = Math.max(at, text.length - 64);
        break;
      }
      const tagEnd = text.indexOf(">", start.index);
      if (tagEnd < 0) {
        at = start.index;
        break;
      }
      if (text[tagEnd - 1] === "/") {
        yield text.slice(start.index, tagEnd + 1);
        at = tagEnd + 1;
        continue;
      }
      const close = `</${start[1]}${tag}>`;
      const end = text.indexOf(close, tagEnd);
      if (end < 0) {
        at = start.index;
        break;
      }
      yield text.slice(start.index, end + close.length);
      at = end + close.length;
    }
    text = text.slice(at);
    if (text.length > MAX_ELEMENT_CHARS) throw new XlsxUnreadable(`a ${tag === "row" ? "row" : "cell text"} is longer than ${MAX_ELEMENT_CHARS / 1024 / 1024} MB`);
  }
}
