import { Readable } from "node:stream";
import { and, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { CrmView, LeadFilter } from "~/shared/schemas/crm";
import { rowsOf, type Db } from "../../db/client";
import { lead, staff } from "../../db/schema";
import { csvCellSql, csvDate, csvLine } from "../../platform/csv";
import { LEAD_CSV_COLUMNS } from "./csv-columns";
import { leadFilterSql } from "./filters";

/** Rows per database page: one query and one write each; about 1 MB of text. */
export const EXPORT_PAGE = 5000;

/** created_at in Asia/Kolkata (UTC+05:30, no daylight saving), the fixed offset shared/format-date.ts uses too. */
const KOLKATA = `(("lead"."created_at" at time zone 'UTC') + interval '5 hours 30 minutes')`;
const RESUME = `case when "lead"."resume_file_id" is not null then '/api/crm/leads/' || "lead"."id" || '/resume' else "lead"."resume_url" end`;

/** The export's columns (LEAD_CSV_COLUMNS, in order) as SQL text; `base` is the site's address as a literal. */
const cellExpressions = (base: string) => [
  `to_char(${KOLKATA}, 'DD/MM/YYYY')`,
  `to_char(${KOLKATA}, 'FMHH12:MI AM')`,
  `"lead"."email"`, `"lead"."full_name"`, `"lead"."mobile"`, `"lead"."current_profile"`, `"lead"."motivation"`,
  `case when (${RESUME}) like '/%' then ${base} || (${RESUME}) else (${RESUME}) end`,
  `case when "lead"."has_brochure_download" then 'Yes' else 'No' end`,
  `"lead"."linked_in"`, `"owner"."name"`, `"lead"."priority"`, `"lead"."lead_stage"`, `"lead"."lead_status"`,
  `to_char("lead"."latest_call_date", 'DD/MM/YYYY')`, `to_char("lead"."latest_call_time", 'HH24:MI')`,
  `"lead"."payment_page_url"`, `"lead"."action_items"`, `"lead"."sale_amount"::text`, `"lead"."collected_amount"::text`,
  `"lead"."txn_reference"`, `"lead"."pending_amount"::text`, `"lead"."txn_reference1"`, `"lead"."batch_name"`,
];

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
  const where = and(leadFilterSql(filter, view), cursor ? sql`(${lead.createdAt}, ${lead.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined);
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
