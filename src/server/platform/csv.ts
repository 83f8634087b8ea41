import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { stringify } from "csv-stringify";
import { formatDateTime } from "~/shared/format-date";

/**
 * The formula guard, the one rule of every CSV export: a cell starting with = + - @ tab or CR could
 * be run as a formula by a spreadsheet, so it gets a leading apostrophe (the usual guard; the
 * apostrophe shows); a plain signed number ("+91", "-5", "+1.5") is read as a number, never as a
 * formula, so it is written as it is. Anything more after the sign ("+1+1", "-2*A1", "+91 98765",
 * "-1e3") is guarded, because it could compute or reference.
 *
 * The two patterns are written once and read alike by JavaScript and by PostgreSQL's regular
 * expressions ([0-9], not \d, whose meaning follows the locale in PostgreSQL): safeCell applies
 * them here, csvCellSql in the CRM export's SQL, and tests/api/platform/csv-export-rule.test.ts holds the
 * two to the same answer on the same cells.
 */
const FORMULA_START = "^[-=+@\\t\\r]";
const SIGNED_NUMBER = "^[+-][0-9]+([.][0-9]+)?$";
const formulaStart = new RegExp(FORMULA_START);
const signedNumber = new RegExp(SIGNED_NUMBER);

/**
 * One CSV cell's text, safe to open in a spreadsheet (the guard above). A Date is written in the
 * one date style of every screen (shared/format-date.ts, Asia/Kolkata).
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? formatDateTime(value) : String(value);
  return formulaStart.test(text) && !signedNumber.test(text) ? `'${text}` : text;
}

/** One cell as the CRM export writes it (internal-side §3): always quoted, empty ones too, inner quotes doubled. */
export const csvCell = (value: unknown): string => `"${safeCell(value).replace(/"/g, '""')}"`;

/** One line of the CRM export: every cell as csvCell writes it. */
export const csvLine = (cells: unknown[]): string => `${cells.map(csvCell).join(",")}\n`;

const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * csvCell in SQL, for a query that formats its rows in the database (the CRM export): `expression`
 * is SQL text of type text; null and '' become "" as in csvCell. Same patterns, same apostrophe.
 */
export function csvCellSql(expression: string): string {
  const text = `coalesce((${expression}), '')`;
  const guarded = `case when ${text} ~ ${sqlText(FORMULA_START)} and ${text} !~ ${sqlText(SIGNED_NUMBER)} then '''' || ${text} else ${text} end`;
  return `'"' || replace(${guarded}, '"', '""') || '"'`;
}

/**
 * Streams rows as a CSV download. `rows` is consumed lazily, so a caller that pages
 * through the database never holds the whole export in memory.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: string[],
  rows: AsyncIterable<unknown[]>,
): FastifyReply {
  const csv = stringify({ header: true, columns: header, quoted: true, bom: true });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield row.map(safeCell);
    })(),
  );
  source.on("error", (error) => csv.destroy(error));
  source.pipe(csv);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`)
    .header("cache-control", "no-store")
    .send(csv);
}

/** Keyset pagination helper: yields pages from `fetchPage(after)` until one comes back empty. */
export async function* paged<T, K>(fetchPage: (after: K | null) => Promise<T[]>, keyOf: (row: T) => K) {
  let after: K | null = null;
  for (;;) {
    const page = await fetchPage(after);
    if (page.length === 0) return;
    yield* page;
    after = keyOf(page[page.length - 1]!);
  }
}

export const csvDate = (date = new Date()) => date.toISOString().slice(0, 10);
