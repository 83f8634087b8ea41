import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { CrmView, LeadFilter } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { csvDate, safeCell } from "../../platform/csv";
import { LEAD_CSV_COLUMNS, leadCsvRow } from "./csv-columns";
import { leadExportPage } from "./queries";
import { resumeLink, type LeadRow } from "./record";

/** Rows per database page: one query and one write each; about 2 MB of text, freed before the next-but-one. */
export const EXPORT_PAGE = 5000;

/** One CSV line as csv-stringify's `quoted: true` writes it: every non-empty cell quoted, empty ones bare. */
export function csvLine(cells: unknown[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) {
    const text = safeCell(cells[i]);
    if (i) line += ",";
    if (text) line += `"${text.includes('"') ? text.replace(/"/g, '""') : text}"`;
  }
  return `${line}\n`;
}

const rowCells = (row: LeadRow, baseUrl: string) =>
  leadCsvRow({ ...row, resumeUrl: row.resumeFileId ? resumeLink(row.id) : row.resumeUrl, downloadBrochure: row.hasBrochureDownload }, baseUrl);

/**
 * The filtered leads as CSV text, a page at a time: while one page is formatted and written, the
 * next is already being read. Memory holds at most two pages, however many leads there are.
 */
export async function* leadCsvPages(db: Db, filter: LeadFilter, view: CrmView | undefined, baseUrl: string, size = EXPORT_PAGE) {
  yield `\uFEFF${csvLine([...LEAD_CSV_COLUMNS])}`;
  const fetch = (after: { at: string; id: string } | null) => leadExportPage(db, filter, view, after, size);
  let next = fetch(null);
  try {
    for (;;) {
      const page = await next;
      if (page.length === 0) return;
      const last = page[page.length - 1]!;
      next = page.length < size ? Promise.resolve([]) : fetch({ at: last.cursorAt, id: last.id });
      let text = "";
      for (const row of page) text += csvLine(rowCells(row, baseUrl));
      yield text;
    }
  } finally {
    // A download stopped half way leaves a read in flight: its failure is of no interest.
    next.catch(() => {});
  }
}

/** Sends the export as a download named crm-leads-{YYYY-MM-DD}.csv. */
export function sendLeadCsv(reply: FastifyReply, db: Db, filter: LeadFilter, view: CrmView | undefined, baseUrl: string): FastifyReply {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="crm-leads-${csvDate()}.csv"`)
    .header("cache-control", "no-store")
    .send(Readable.from(leadCsvPages(db, filter, view, baseUrl), { objectMode: false }));
}
