import { Readable } from "node:stream";
import { and, getTableColumns, getTableName, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { CrmView, LeadFilter } from "~/shared/schemas/crm";
import { rowsOf, type Db } from "../../db/client";
import { lead, staff } from "../../db/schema";
import { csvCellSql, csvDate, csvLine } from "../../platform/csv";
import { olderThan } from "../../platform/keyset";
import { LEAD_CSV, LEAD_CSV_COLUMNS, leadColumn, type LeadCsvColumn, type LeadField } from "./csv-columns";
import { leadFilterSql } from "./filters";

/** Rows per database page: one query and one write each; about 1 MB of text. */
export const EXPORT_PAGE = 5000;

const TABLE = `"${getTableName(lead)}"`;
const column = (field: LeadField) => `${TABLE}."${leadColumn(field).name}"`;
/** created_at in Asia/Kolkata (UTC+05:30, no daylight saving), the fixed offset shared/format-date.ts uses too. */
const KOLKATA = `((${column("createdAt")} at time zone 'UTC') + interval '5 hours 30 minutes')`;
const RESUME = `case when ${column("resumeFileId")} is not null then '/api/crm/leads/' || ${column("id")} || '/resume' else ${column("resumeUrl")} end`;

/** Columns not written as stored; `base` is the site's address as a literal. */
const written = (base: string): Partial<Record<LeadCsvColumn, string>> => ({
  "Created Date": `to_char(${KOLKATA}, 'DD/MM/YYYY')`,
  "Created Time": `to_char(${KOLKATA}, 'FMHH12:MI AM')`,
  Resume: `case when (${RESUME}) like '/%' then ${base} || (${RESUME}) else (${RESUME}) end`,
  "Download Brochure?": `case when ${column("hasBrochureDownload")} then 'Yes' else 'No' end`,
  "Lead Owner": `"owner"."${getTableColumns(staff).name.name}"`,
});

/** A stored column as the sheet writes it: dates DD/MM/YYYY, times 24-hour, numbers as digits. */
function asStored(field: LeadField): string {
  const { type } = leadColumn(field);
  if (type === "date") return `to_char(${column(field)}, 'DD/MM/YYYY')`;
  if (type.startsWith("time") && !type.startsWith("timestamp")) return `to_char(${column(field)}, 'HH24:MI')`;
  return type === "text" ? column(field) : `${column(field)}::text`;
}

/** The export's columns (LEAD_CSV_COLUMNS, in order) as SQL text. */
const cellExpressions = (base: string) => {
  const special = written(base);
  return LEAD_CSV_COLUMNS.map((header) => special[header] ?? asStored(LEAD_CSV[header]));
};

type ExportRow = { line: string; at: string; id: string };

/**
 * The next `size` leads after `cursor`, newest first, each already a CSV line: PostgreSQL formats,
 * guards and quotes the cells by platform/csv.ts's one rule (csvCellSql, the SQL twin of csvLine),
 * so a row reaches Node as one text instead of 35 typed columns (the driver's
 * and the ORM's per-column work was most of the export's time).
 */
async function csvPage(db: Db, filter: LeadFilter, view: CrmView | undefined, baseUrl: string, cursor: { at: string; id: string } | null, size: number) {
  const base = `'${baseUrl.replace(/\/$/, "").replace(/'/g, "''")}'`;
  const line = sql.raw(`concat_ws(',', ${cellExpressions(base).map(csvCellSql).join(", ")}) || chr(10)`);
  const where = and(leadFilterSql(filter, view), olderThan(lead.createdAt, lead.id, cursor));
  const answer = await db.execute(sql`
    select ${line} as line, ${lead.createdAt}::text as at, ${lead.id} as id
    from ${lead} left join ${staff} as owner on owner.id = ${lead.leadOwner}
    where ${where ?? sql`true`}
    order by ${lead.createdAt} desc, ${lead.id} desc
    limit ${size}`);
  return rowsOf<ExportRow>(answer);
}

/**
 * The filtered leads as CSV text, a page at a time: while one page is written, the next is already
 * being read. Memory holds at most two pages, however many leads there are.
 */
export async function* leadCsvPages(db: Db, filter: LeadFilter, view: CrmView | undefined, baseUrl: string, size = EXPORT_PAGE) {
  yield `\uFEFF${csvLine([...LEAD_CSV_COLUMNS])}`;
  const fetch = (after: { at: string; id: string } | null) => csvPage(db, filter, view, baseUrl, after, size);
  let next = fetch(null);
  try {
    for (;;) {
      const page = await next;
      if (page.length === 0) return;
      const last = page[page.length - 1]!;
      next = page.length < size ? Promise.resolve([]) : fetch({ at: last.at, id: last.id });
      let text = "";
      for (const row of page) text += row.line;
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
