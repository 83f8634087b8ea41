// The data the CRM benchmark runs on: ROWS leads generated in SQL (generate_series, in batches),
// and an import file of the export's columns, half updates of those leads and half new people.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import pg from "pg";
import { longTransaction, type Db } from "~/server/db/client";
import { uuidV7At } from "~/server/db/uuid-v7";
import { LEAD_STAGES, STAGE_STATUSES } from "~/shared/crm/pipeline";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";

const FIRST = ["Aarav", "Vivaan", "Aditya", "Vihaan", "Arjun", "Sai", "Reyansh", "Ayaan", "Krishna", "Ishaan", "Ananya", "Diya", "Aadhya", "Saanvi", "Myra", "Pari", "Riya", "Anika", "Navya", "Kavya", "Rohan", "Karan", "Neha", "Pooja", "Priya", "Rahul", "Amit", "Sneha", "Meera", "Farhan", "Sana", "Vikram", "Nikhil", "Tanvi", "Isha", "Dev", "Kabir", "Zoya", "Rhea", "Yash"];
const LAST = ["Sharma", "Verma", "Gupta", "Iyer", "Nair", "Reddy", "Rao", "Patel", "Shah", "Mehta", "Joshi", "Kulkarni", "Desai", "Pillai", "Menon", "Kumar", "Singh", "Das", "Bose", "Sen", "Chatterjee", "Banerjee", "Mukherjee", "Ghosh", "Khan", "Ali", "Mir", "Qureshi", "Fernandes", "D'Souza", "Pinto", "Naidu", "Hegde", "Shetty", "Kamath", "Bhat", "Agarwal", "Jain", "Malhotra", "Kapoor", "Chopra", "Sethi", "Arora", "Bhatia", "Saxena", "Tiwari", "Mishra", "Pandey", "Dubey", "Yadav"];
const DOMAINS = ["gmail.com", "yahoo.co.in", "outlook.com", "example.com"];
/** One lead in RARE_EVERY has this name: the "rare" search term. */
export const RARE_NAME = "Xiomara Quintanilla";
export const RARE_EVERY = 100_000;

const PAIRS = LEAD_STAGES.flatMap((stage) => STAGE_STATUSES[stage].map((status) => [stage, status] as const));
const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/** The e-mail of generated lead g (the import file updates some by it). */
export const emailOf = (g: number) => `lead${g}@${DOMAINS[g % DOMAINS.length]}`;

/**
 * What a database that has been running a while has: the load's dirty pages written out (CHECKPOINT,
 * so the first cases do not pay for it), statistics for the planner, the visibility map set
 * (index-only scans), the trigram indexes' pending lists merged and the dead row versions of the
 * scoring pass (which rewrites every lead) gone (VACUUM ANALYZE). Without it a copy measured right
 * after generation carried 1.5 million dead leads (the import of 1,048,576 rows took 147 s on it,
 * 135 s on the settled copy, where autovacuum is off).
 * VACUUM cannot run in a transaction, so not under longTransaction: a plain connection without the
 * pool's statement limit (it takes longer than that at a million leads).
 */
export async function settleLeads(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("checkpoint");
    // The search sample too: a running database's autovacuum would have analyzed it (it may be off).
    await client.query("vacuum analyze lead, lead_search_sample");
  } finally {
    await client.end();
  }
}

/**
 * Leads per statement: one statement of 1.5 million rows (three trigram indexes to fill) ran past the
 * pool's five-minute limit for a long transaction on a loaded machine; 100,000 take seconds.
 */
export const GENERATE_BATCH = 100_000;

/** Writes `rows` leads, GENERATE_BATCH to a statement, each in a transaction allowed minutes (either engine). */
export async function insertLeads(db: Db, rows: number, ownerIds: string[], onBatch?: (done: number) => void): Promise<void> {
  for (let from = 1; from <= rows; from += GENERATE_BATCH) {
    const to = Math.min(rows, from + GENERATE_BATCH - 1);
    await insertLeadRange(db, from, to, ownerIds);
    onBatch?.(to);
  }
}

/** Lead g came in g half-minutes ago: the newest is g = 1. Its id is time-ordered from that instant, as the site gives them. */
const CREATED_AT = "now() - make_interval(secs => g * 30)";

/** Leads g = from..to (the same lead for the same g, whatever the batch size). */
async function insertLeadRange(db: Db, from: number, to: number, ownerIds: string[]): Promise<void> {
  await longTransaction(db, (tx) => tx.execute(sql`
    insert into lead (id, email, full_name, mobile, source_type, has_brochure_download, has_application, lead_owner, priority,
      lead_stage, lead_status, sale_amount, collected_amount, batch_name, follow_up_date, motivation, created_at)
    select
      ${sql.raw(uuidV7At(CREATED_AT))},
      'lead' || g || '@' || (${textArray(DOMAINS)})[1 + g % ${DOMAINS.length}],
      case when g % ${RARE_EVERY} = 7 then ${RARE_NAME}
        else (${textArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] end,
      '919' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
      (array['application','brochure_download','simulation_attempt'])[1 + g % 3],
      g % 3 = 1, g % 3 = 0,
      case when g % 5 = 0 then null else (${sql.raw(`array[${ownerIds.map((id) => `'${id}'::uuid`).join(",")}]`)})[1 + g % ${ownerIds.length}] end,
      (array['Very Low','Low','Medium','High'])[1 + g % 4],
      (${textArray(PAIRS.map(([stage]) => stage))})[p],
      (${textArray(PAIRS.map(([, status]) => status))})[p],
      case when (${textArray(PAIRS.map(([, status]) => status))})[p] in ('CW - Token', 'CW - Full') then 14999 end,
      case (${textArray(PAIRS.map(([, status]) => status))})[p] when 'CW - Full' then 14999 when 'CW - Token' then 5000 end,
      case when (${textArray(PAIRS.map(([, status]) => status))})[p] like 'CW - %' then 'FF-2025-0' || (1 + g % 9) end,
      case when g % 10 = 0 then current_date - (g % 30) end,
      'Wants a founder''s office role',
      ${sql.raw(CREATED_AT)}
    from (select g, 1 + (g * 31) % ${PAIRS.length} as p from generate_series(${from}::int, ${to}::int) g) s`));
}

/**
 * Writes the import file: `rows` rows of the export's columns; odd rows update generated leads
 * (matched by e-mail), even rows are new people with new mobiles.
 */
/**
 * Another team's sheet (issue 23 §5, Map columns): other headers for the same fields, other new people
 * (another e-mail and mobile range), other action items, so the updates are changes, not "unchanged".
 */
export const OTHER_SHEET = {
  headers: { "Email IDs": "Email ID", "Full Name": "Name", Mobile: "Mobile No.", "Action Items": "Next Steps" } as Record<string, string>,
  person: "Mapped",
  mobileLead: "7",
  actionItems: "Send the brochure again",
};
type SheetVariant = typeof OTHER_SHEET;

export async function writeImportFile(path: string, rows: number, existing: number, variant?: SheetVariant): Promise<number> {
  const out = createWriteStream(path);
  const line = (cells: string[]) => `${cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")}\n`;
  out.write(line(LEAD_CSV_COLUMNS.map((column) => variant?.headers[column] ?? column)));
  const index = Object.fromEntries(LEAD_CSV_COLUMNS.map((c, i) => [c, i]));
  for (let i = 1; i <= rows; i++) {
    const cells = LEAD_CSV_COLUMNS.map(() => "");
    const update = i % 2 === 1 && i <= existing;
    cells[index["Created Date"]!] = "14/03/2025";
    cells[index["Created Time"]!] = "10:15 AM";
    const person = variant?.person ?? "Imported";
    cells[index["Email IDs"]!] = update ? emailOf(i) : `${person.toLowerCase()}${i}@example.org`;
    cells[index["Full Name"]!] = update ? "" : `${person} Person ${i}`;
    cells[index["Mobile"]!] = update ? "" : `+91 ${variant?.mobileLead ?? "8"}${String(i).padStart(9, "0")}`;
    cells[index["Priority"]!] = ["Low", "Medium", "High"][i % 3]!;
    cells[index["Lead Stage"]!] = "Connected";
    cells[index["Lead Status"]!] = i % 7 === 0 ? "LTB" : "Pitched";
    cells[index["Action Items"]!] = variant?.actionItems ?? "Call back next week";
    cells[index["Sale Amount"]!] = i % 4 === 0 ? "₹14,999" : "";
    if (!out.write(line(cells))) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return rows;
}
