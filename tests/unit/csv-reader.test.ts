// The CSV reader the imports use (src/server/platform/csv-reader.ts): the same rows as csv-parse with
// the options the imports used it with, for any text cut into any parts, and lines named right.
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvReader, CsvReadError } from "~/server/platform/csv-reader";

/** `parts` of the text read one after another; the rows with their lines, or the error's kind, line and cell. */
function read(parts: (string | Buffer)[], delimiter = ",", maxRowChars = 1 << 20) {
  const rows: { cells: string[]; line: number }[] = [];
  const onRow = (cells: string[], line: number) => void rows.push({ cells, line });
  const reader = new CsvReader(delimiter, maxRowChars);
  try {
    for (const part of parts) reader.write(typeof part === "string" ? Buffer.from(part) : part, onRow);
    reader.end(onRow);
  } catch (error) {
    if (error instanceof CsvReadError) return { error: error.kind, line: error.line, column: error.column };
    throw error;
  }
  return rows;
}

const cellsOf = (result: ReturnType<typeof read>) => (Array.isArray(result) ? result.map((row) => row.cells) : result);

/** What the imports asked of csv-parse before (bom, relaxed quotes and widths, empty lines skipped, any line break). */
function csvParse(text: string, delimiter: string): string[][] | "quote_not_closed" {
  try {
    return parse(text, { relax_quotes: true, relax_column_count: true, skip_empty_lines: true, record_delimiter: ["\r\n", "\n", "\r"], delimiter });
  } catch (error) {
    if ((error as { code?: string }).code === "CSV_QUOTE_NOT_CLOSED") return "quote_not_closed";
    throw error;
  }
}

/** A text's UTF-8 bytes cut at the given offsets (also inside a character). */
const cut = (text: string, at: number[]) => {
  const bytes = Buffer.from(text);
  const points = [...new Set(at.map((a) => a % (bytes.length + 1)))].sort((a, b) => a - b);
  return [...points, bytes.length].map((end, i) => bytes.subarray(i === 0 ? 0 : points[i - 1], end));
};

describe("CsvReader", () => {
  it("reads every text as csv-parse did, however it is cut into parts", () => {
    const piece = fc.constantFrom("a", "b", " ", '"', '""', ",", ";", "\n", "\r", "\r\n", "é", "😀", "\t", "x y");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.constantFrom(",", ";", "\t"), fc.array(fc.nat(), { maxLength: 6 }), (pieces, delimiter, at) => {
        const text = pieces.join("");
        const theirs = csvParse(text, delimiter);
        const ours = cellsOf(read(cut(text, at), delimiter));
        expect(typeof theirs === "string" ? (ours as { error?: string }).error : ours).toEqual(theirs);
      }),
      { numRuns: 20_000, seed: 20261128 },
    );
  });

  it("keeps what spreadsheets write: quoted delimiters and line breaks, doubled quotes, stray quotes as written", () => {
    const text = 'Name,Note\r\n"Sharma, Riya","said ""hi""\nthen left"\r\nRiya "RJ" Sharma,"Riya" Sharma\r\n"",\n';
    expect(cellsOf(read([text]))).toEqual([
      ["Name", "Note"],
      ["Sharma, Riya", 'said "hi"\nthen left'],
      ['Riya "RJ" Sharma', '"Riya" Sharma'],
      ["", ""],
    ]);
  });

  it("names the line each row starts on: blank lines, \\r\\n, \\r and line breaks inside quoted cells", () => {
    const text = 'h1,h2\r\n\r\na,"two\r\nlines"\rb,c\n\n\n"x\ny\rz",w\nlast,row';
    for (const parts of [[text], text.split(""), cut(text, [7, 8, 15, 16])]) {
      expect(read(parts)).toEqual([
        { cells: ["h1", "h2"], line: 1 },
        { cells: ["a", "two\r\nlines"], line: 3 },
        { cells: ["b", "c"], line: 5 },
        { cells: ["x\ny\rz", "w"], line: 8 },
        { cells: ["last", "row"], line: 11 },
      ]);
    }
  });

  it("refuses a quoted cell never closed and a row too long, naming the row's first line and the cell", () => {
    expect(read(['a,b\nc,"open\nstill\n'])).toEqual({ error: "quote_not_closed", line: 2, column: 2 });
    expect(read(["a,b\n\nccc,", "dddd,eeeee\n"], ",", 10)).toEqual({ error: "row_too_long", line: 3, column: 3 });
    expect(cellsOf(read(["ccc,dddd,eee\n"], ",", 10))).toEqual([["ccc", "dddd", "eee"]]);
  });
});
