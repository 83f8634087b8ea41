import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { stringify } from "csv-stringify";
import { formatDateTime } from "~/shared/format-date";

/** A spreadsheet may run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A plain signed number ("+91", "-5", "+1.5"): a spreadsheet reads it as a number, never as a
 * formula, so it needs no guard. Anything more after the sign ("+1+1", "-2*A1", "+91 98765",
 * "-1e3") is guarded, because it could compute or reference.
 */
const SIGNED_NUMBER = /^[+-]\d+(\.\d+)?$/;

/**
 * One CSV cell, safe to open in a spreadsheet: a cell that could be read as a formula gets a
 * leading apostrophe (the usual guard; the apostrophe shows), a plain signed number does not.
 * A Date is written in the one date style of every screen (shared/format-date.ts, Asia/Kolkata).
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? formatDateTime(value) : String(value);
  return FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
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
