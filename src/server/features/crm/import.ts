import { getTableName, sql, type SQL } from "drizzle-orm";
import { keepWorkedPipeline, NEW_LEAD_PIPELINE, pipelineRuleBreak, settleStatus } from "~/shared/crm/lead-rules";
import type { ImportResult } from "~/shared/schemas/crm";
import { rowsOf, type Db } from "../../db/client";
import { lead, leadChange, leadSearchSample } from "../../db/schema";
import { UUID_V7 } from "../../db/uuid-v7";
import { retryWhenBusy } from "../../platform/busy-retry";
import type { RowChunks } from "../../platform/csv-import";
import { AppError } from "../../platform/errors";
import { csvColumnOf, IMPORTED_COLUMNS, LEAD_CSV_COLUMNS, type LeadCsvColumn } from "./csv-columns";
import { readLeadRow, readSheetHeader, type CellErrors, type ImportedLead, type SheetHeader } from "./csv-row";
import { ANALYZE_AFTER_ROWS, LeadStatistics } from "./lead-statistics";
import { listLeadOwners } from "./owners";
import { leadsChanged } from "./summary-cache";

/** HubSpot's limit per file (and a spreadsheet's row count); Twenty stops at 10,000. */
export const MAX_IMPORT_ROWS = 1_048_576;
/**
 * Rows per write: one lookup and one statement each, so a million-row file is about a hundred
 * round trips of each. A batch of 10,000 rows is a few MB of JSON: memory stays flat.
 */
export const IMPORT_BATCH = 10_000;
/**
 * Rows per write on the embedded database, where each statement holds the whole database (PGlite runs
 * one at a time, in its worker): a sign-in that arrives meanwhile waits for the batch being written.
 * Measured with `npm run bench:embedded` (200,000 rows into 50,000 leads, 2 cores): a batch of 100 is
 * written in 14 ms (p99 21 ms) and the import takes 55–61 s; batches of 200 took 25 ms (p99 44 ms)
 * and 52–56 s, and a sign-in during the import waited for them accordingly.
 */
export const PGLITE_IMPORT_BATCH = 100;
/** The answer lists this many rejected cells at most; `rejectedRows` counts them all. */
const MAX_REPORTED = 1000;

interface Pending {
  row: number;
  lead: ImportedLead;
}

type Existing = { id: string; email: string; mobile: string | null; leadStage: string; leadStatus: string; batchName: string | null; saleAmount: number | null; collectedAmount: number | null };

/**
 * Where an import writes (importLeadsCsv's `options.target`): the lead table and its activity, or a
 * dry run's private copy (import-preview.ts), which runs the very same reading, rules and statements
 * so that its counts are the real run's.
 */
export interface ImportTarget {
  lead: SQL;
  /** Where each written lead's activity entry goes; null: none (a dry run). */
  leadChange: SQL | null;
  /** Before a batch's lookup, with its e-mails and mobiles (the dry run copies the stored leads they name). */
  beforeLookUp?: (db: Db, emails: string[], mobiles: string[]) => Promise<void>;
}

const LEAD_TABLES: ImportTarget = { lead: sql`${lead}`, leadChange: sql`${leadChange}` };

export interface ImportOptions {
  target?: ImportTarget;
  /** A resumed import: the data rows settled before (skipped, not read again) and the result then. */
  resumeFrom?: { row: number; result: ImportResult };
  /**
   * Every `every` data rows, once every batch before has been written, `save` records the checkpoint
   * (rows settled, the result then) a resumed import starts from.
   */
  checkpoint?: { every: number; save: (row: number, result: ImportResult) => Promise<void> };
}

/** The stored columns an imported row may set, with their SQL names and types (for the JSON record set), from the table definition. */
const UPDATABLE = IMPORTED_COLUMNS;

/**
 * The row's pipeline as it will be stored, checked by the rule book against the stored lead (or a new
 * lead's defaults), the same as PUT's. The settled status goes back into the row's fields.
 */
function ruleError(fields: ImportedLead["fields"], existing: Existing | null): CellErrors[number] | null {
  const current = existing ?? NEW_LEAD_PIPELINE;
  const pipeline = { leadStage: fields.leadStage, leadStatus: fields.leadStatus, batchName: fields.batchName, saleAmount: fields.saleAmount, collectedAmount: fields.collectedAmount };
  const changes = settleStatus(current, keepWorkedPipeline(existing, pipeline));
  const broken = pipelineRuleBreak(current, changes);
  if (broken) return { field: csvColumnOf(broken.field)!, message: broken.message };
  fields.leadStage = changes.leadStage;
  fields.leadStatus = changes.leadStatus;
  return null;
}

/** A first row without the export's columns (checked as the upload arrives, and again here). */
export function sheetHeaderError(): AppError {
  return new AppError("invalid", "The file does not have the CRM export's columns", {
    file: `Line 1: expected the export's columns: ${LEAD_CSV_COLUMNS.join(", ")}`,
  });
}

/**
 * Import CSV Data (spec §7 POST /api/crm/sync-csv): streams the file, matches each row to a lead on
 * normalised e-mail then mobile (never a duplicate), creates the rest, and reports bad rows
 * instead of failing the file. Rows are written in batches of IMPORT_BATCH, one transaction and one
 * write statement each, two at a time while the next batch is parsed, so memory stays flat however
 * long the file is.
 */
export async function importLeadsCsv(
  db: Db,
  records: RowChunks,
  actorStaffId: string,
  batchSize = IMPORT_BATCH,
  /** On the embedded database (PGlite): written in its own way, see Embedded. */
  onEmbedded = false,
  /** Told the rows settled so far (written, unchanged or rejected) each time a batch is written. */
  onProgress?: (rowsDone: number) => void,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const target = options.target ?? LEAD_TABLES;
  const embedded = onEmbedded ? await embeddedUpkeep(db, target === LEAD_TABLES) : null;
  const owners = new Map<string, string>();
  for (const owner of await listLeadOwners(db)) {
    owners.set(owner.name.toLowerCase(), owner.id);
    owners.set(owner.email.toLowerCase(), owner.id);
  }
  const resumed = options.resumeFrom;
  const result: ImportResult = resumed
    ? { ...resumed.result, rejected: [...resumed.result.rejected] }
    : { syncedRecords: 0, created: 0, updated: 0, unchanged: 0, rejected: [], rejectedRows: 0 };
  const statistics = target === LEAD_TABLES ? new LeadStatistics(db) : null;
  await statistics?.prepare(result.created);
  const skipRows = resumed?.row ?? 0;
  let checkpointAt = skipRows;
  const reject = (row: number, errors: CellErrors) => {
    result.rejectedRows++;
    for (const error of errors) if (result.rejected.length < MAX_REPORTED) result.rejected.push({ row, ...error });
  };


  // Parsing goes on while batches are written, and up to two batches are written at once, each in
  // its own transaction on its own connection (PostgreSQL keeps both cores busy with index upkeep).
  // Two batches run together only when they share no e-mail or mobile: a batch that shares one with
  // the batch being written waits for it, so its lookup sees that write (never a duplicate, and the
  // rules are checked against the stored lead).
  let batch: Pending[] = [];
  let keys = new Set<string>();
  let latest: BatchWrite | null = null;
  let earlier: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (!batch.length) return;
    await earlier; // never more than two at once
    await statistics?.grew(result.created);
    const sharesKey = !!latest && [...keys].some((key) => latest!.keys.has(key));
    if (sharesKey) await latest!.done;
    const started = startBatch(db, batch, keys, sharesKey ? null : latest, actorStaffId, result, reject, embedded, target);
    started.done.then(progress, () => {}); // a failed write is thrown where it is awaited, never unhandled meanwhile
    earlier = latest?.done ?? Promise.resolve();
    latest = started;
    batch = [];
    keys = new Set();
  };
  const progress = () => onProgress?.(result.created + result.updated + result.unchanged + result.rejectedRows);
  const allWritten = () => Promise.all([earlier, latest?.done]);

  let row = 1;
  let header: SheetHeader | null = null;
  try {
    // Rows stay arrays of cells (no object per row), a chunk of the file at a time; the first one is the header.
    file: for await (const chunk of records) {
      for (const record of chunk) {
        if (!header) {
          header = readSheetHeader(record);
          if (!header) throw sheetHeaderError();
          continue;
        }
        row++;
        if (row - 1 <= skipRows) continue;
        if (row - 1 > MAX_IMPORT_ROWS) {
          reject(row, [{ field: "Email IDs" as LeadCsvColumn, message: `Only the first ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows of a file are imported` }]);
          break file;
        }
        const { lead: imported, errors } = readLeadRow(record, header, owners);
        if (errors.length) {
          reject(row, errors);
          continue;
        }
        const rowKeys = [imported.email && `e:${imported.email}`, imported.mobile && `m:${imported.mobile}`].filter(Boolean) as string[];
        // The same person twice in one batch: write the first before reading the second's match.
        if (rowKeys.some((key) => keys.has(key))) await flush();
        rowKeys.forEach((key) => keys.add(key));
        batch.push({ row, lead: imported });
        if (batch.length >= batchSize) {
          await flush();
          if (options.checkpoint && row - 1 - checkpointAt >= options.checkpoint.every) {
            // Every row up to here is written or rejected once the batches in flight are: a resume starts after it.
            await allWritten();
            checkpointAt = row - 1;
            await options.checkpoint.save(checkpointAt, { ...result, rejected: [...result.rejected] });
          }
        }
      }
    }
    await flush();
  } finally {
    // Nothing is left writing when the file fails to parse; a write's own failure is thrown below.
    await allWritten().catch(() => {});
  }
  await allWritten();
  result.rejected.sort((a, b) => a.row - b.row);
  result.syncedRecords = result.created + result.updated + result.unchanged;
  // The planner's statistics of a table that just grew or changed by this much are stale until
  // autovacuum (which may be off) catches up: a re-import chose a trigram scan for every mobile
  // lookup and took minutes. A sampled ANALYZE takes about a second at a million leads on PostgreSQL
  // (PGlite samples fewer rows: db/client.ts). The search sample (one lead in sixteen, migration 0019)
  // grew with it: without statistics, a search for a common domain read the sample's whole-table
  // trigram index instead of its core's (20 ms, not 2).
  if (target !== LEAD_TABLES) return result;
  if (result.created + result.updated >= ANALYZE_AFTER_ROWS) {
    // One table a statement: on the embedded database each holds every other request back meanwhile.
    for (const table of [lead, leadSearchSample]) await db.execute(sql`analyze ${table}`);
  }
  leadsChanged();
  return result;
}

/** A batch on its way to the database: its keys, the leads its lookup matched, and its write. */
interface BatchWrite {
  keys: Set<string>;
  matched: Promise<Set<string>>;
  done: Promise<void>;
}

/** What the rules need of a stored lead (Existing), as the lookup selects it. */
const EXISTING_COLUMNS =
  'id, email, mobile, lead_stage as "leadStage", lead_status as "leadStatus", batch_name as "batchName", sale_amount as "saleAmount", collected_amount as "collectedAmount"';

/**
 * The stored leads the batch's rows name, by e-mail or mobile: one index probe per key. Written as a
 * lateral join the planner cannot turn around: given `email = any($1) or mobile = any($2)` with ten
 * thousand keys it chose a parallel scan of the whole table, every batch (at a million leads, ~0.3 s
 * and both cores per batch, most of an import's time).
 */
async function lookUp(db: Db, batch: Pending[], target: ImportTarget): Promise<Existing[]> {
  const emails = batch.flatMap((p) => (p.lead.email ? [p.lead.email] : []));
  const mobiles = batch.flatMap((p) => (p.lead.mobile ? [p.lead.mobile] : []));
  await target.beforeLookUp?.(db, emails, mobiles);
  return rowsOf<Existing>(await db.execute(leadsNamed(target.lead, emails, mobiles, sql.raw(EXISTING_COLUMNS))));
}

/** The leads of `table` with one of the e-mails or mobiles (the lookup's statement, also the dry run's copy). */
export function leadsNamed(table: SQL, emails: string[], mobiles: string[], columns: SQL): SQL {
  // `offset 0` keeps each lateral subquery a subquery: a nested loop of index scans, not a hash join.
  return sql`
    select l.* from unnest(${sql.param(emails)}::text[]) as k(key), lateral (select ${columns} from ${table} where email = k.key offset 0) as l
    union
    select l.* from unnest(${sql.param(mobiles)}::text[]) as k(key), lateral (select ${columns} from ${table} where mobile = k.key offset 0) as l`;
}

/**
 * Looks the batch's people up and writes the batch. `previous` is the batch started just before,
 * perhaps still writing: the two share no key, but one stored lead can still be reached through two
 * keys (its e-mail there, its mobile here). Then this batch waits for that write and looks again, so
 * rows apply in file order and the rules see the lead as the earlier row left it.
 */
function startBatch(
  db: Db,
  batch: Pending[],
  keys: Set<string>,
  previous: BatchWrite | null,
  actorStaffId: string,
  result: ImportResult,
  reject: (row: number, errors: CellErrors) => void,
  embedded: Embedded | null,
  target: ImportTarget,
): BatchWrite {
  let announce: (ids: Set<string>) => void = () => {};
  const matched = new Promise<Set<string>>((resolve) => (announce = resolve));
  const done = (async () => {
    let found: Existing[] = [];
    try {
      found = await lookUp(db, batch, target);
    } finally {
      announce(new Set(found.map((f) => f.id)));
    }
    if (previous) {
      const theirs = await previous.matched;
      if (found.some((f) => theirs.has(f.id))) {
        await previous.done;
        found = await lookUp(db, batch, target);
      }
    }
    await writeBatch(db, batch, found, actorStaffId, result, reject, embedded, target);
  })();
  return { keys, matched, done };
}

/**
 * The embedded database's way of writing (importLeadsCsv's `embedded`): PGlite runs one statement at a
 * time, so whatever an import runs holds back a sign-in that arrives meanwhile, until it ends.
 * - Each batch is one statement, not a transaction: a transaction holds the database across the round
 *   trips between the threads (begin, set, write, commit), measured at +17 ms a batch at p50 and
 *   +150 ms at p99 on a busy machine. One statement is as atomic; PGlite does not wait for the disk
 *   at commit anyway (fsync off), so there is no synchronous_commit to turn off.
 * - The trigram (GIN) indexes' pending lists are merged once every PGLITE_GIN_MERGE_ROWS leads
 *   written, one index per statement. Left alone, a list grows to gin_pending_list_limit (4 MB) and
 *   the insert that passes it merges it all: measured, 1 batch in 15 took 120–210 ms of CPU instead
 *   of 40 ms. PostgreSQL's autovacuum merges lists in the background; PGlite has no autovacuum, so it
 *   was always a batch that paid.
 */
interface Embedded {
  /** The lead table's GIN indexes, as regclass text. */
  ginIndexes: string[];
  /** Leads written since their pending lists were last merged. */
  unmerged: number;
}

/**
 * Leads written between two merges of the GIN pending lists on the embedded database (four batches).
 * A merge costs much the same for 100 leads' entries as for 400: `bench:embedded` (c), 200,000 rows,
 * statement log: merging after every batch of 100 took 15.4 s of the database's thread in 6,000
 * statements (p99 8 ms); every 400 leads 10.9 s in 1,500 (p99 15 ms, still under a batch's write,
 * p99 30 ms, so a sign-in waits no longer); every 1,000, 9.8 s at p99 27 ms.
 */
const PGLITE_GIN_MERGE_ROWS = 400;

async function embeddedUpkeep(db: Db, leadTable: boolean): Promise<Embedded> {
  if (!leadTable) return { ginIndexes: [], unmerged: 0 };
  const indexes = rowsOf<{ name: string }>(
    await db.execute(sql`
      select i.indexrelid::regclass::text as name from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where i.indrelid = ${getTableName(lead)}::regclass and a.amname = 'gin' order by 1`),
  );
  return { ginIndexes: indexes.map((index) => index.name), unmerged: 0 };
}

async function writeBatch(
  db: Db,
  batch: Pending[],
  found: Existing[],
  actorStaffId: string,
  result: ImportResult,
  reject: (row: number, errors: CellErrors) => void,
  embedded: Embedded | null,
  target: ImportTarget = LEAD_TABLES,
): Promise<void> {
  let rest: Pending[] = [];
  const byEmail = new Map(found.map((f) => [f.email, f]));
  const byMobile = new Map(found.filter((f) => f.mobile).map((f) => [f.mobile!, f]));

  const records: Record<string, unknown>[] = [];
  const matchedIds = new Set<string>();
  for (const [index, pending] of batch.entries()) {
    const { email, mobile, fields, createdAt } = pending.lead;
    const existing = (email ? byEmail.get(email) : undefined) ?? (mobile ? byMobile.get(mobile) : undefined) ?? null;
    if (existing && matchedIds.has(existing.id)) {
      // One stored lead reached twice in a batch, through its e-mail and then its mobile: the rest
      // of the batch is written after this part, against the lead as this part leaves it.
      rest = batch.slice(index);
      break;
    }
    if (existing) matchedIds.add(existing.id);
    if (!existing && !email) {
      reject(pending.row, [{ field: "Email IDs", message: "Email is required to create a lead (no lead has this mobile)" }]);
      continue;
    }
    const broken = ruleError(fields, existing);
    if (broken) {
      reject(pending.row, [broken]);
      continue;
    }
    // Blank cells are left out: json_to_recordset reads a missing key as null (a smaller document to
    // write and for PostgreSQL to read; most cells of an export's row are blank).
    const record: Record<string, unknown> = { email };
    if (existing) record.id = existing.id;
    if (mobile) record.mobile = mobile;
    if (fields.hasBrochureDownload !== undefined) record.has_brochure_download = fields.hasBrochureDownload;
    if (createdAt) record.created_at = createdAt.toISOString();
    for (const [key, column] of UPDATABLE) if (fields[key] !== undefined && fields[key] !== null) record[column] = fields[key];
    records.push(record);
  }
  if (records.length > 0) {
    const write = async (on: Db) => rowsOf<{ created: number; updated: number; matched: number }>(await on.execute(writeSql(records, actorStaffId, target)))[0]!;
    // A batch that lost a deadlock (the rescoring job writes the same leads in another order) was
    // rolled back whole: it is written again, and counted once it has committed.
    const counts = embedded
      ? await write(db)
      : await retryWhenBusy(() =>
          db.transaction(async (txDb) => {
            const tx = txDb as unknown as Db;
            // An import can be run again (it never duplicates), so waiting for the disk at each commit buys
            // nothing: a crash loses at most the last moments of batches, never consistency.
            await tx.execute(sql`set local synchronous_commit = off`);
            return write(tx);
          }),
        );
    result.created += counts.created;
    result.updated += counts.updated;
    result.unchanged += counts.matched - counts.updated;
    if (target === LEAD_TABLES) leadsChanged();
    if (embedded && (embedded.unmerged += counts.created + counts.updated) >= PGLITE_GIN_MERGE_ROWS) {
      embedded.unmerged = 0;
      for (const index of embedded.ginIndexes) await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
    }
  }
  if (rest.length) await writeBatch(db, rest, await lookUp(db, rest, target), actorStaffId, result, reject, embedded, target);
}

const COLUMNS = ["id uuid", "email text", "mobile text", "has_brochure_download boolean", "created_at timestamptz", ...UPDATABLE.map(([, column, type]) => `${column} ${type}`)].join(", ");
const INSERTED = ["email", "mobile", "has_brochure_download", "created_at", "source_type", ...UPDATABLE.map(([, column]) => column)].join(", ");
/** What a new lead gets for a blank cell: the table's defaults. */
const INSERT_DEFAULTS: Record<string, string> = { full_name: "''", priority: "'Medium'", lead_stage: "'New'", lead_status: "'New'" };
const INSERT_VALUES = [
  "v.email", "v.mobile", "coalesce(v.has_brochure_download, false)", "coalesce(v.created_at, now())", "'csv_import'",
  ...UPDATABLE.map(([, column]) => (INSERT_DEFAULTS[column] ? `coalesce(v.${column}, ${INSERT_DEFAULTS[column]})` : `v.${column}`)),
].join(", ");
/** Blank cells keep the stored value. */
const UPDATED_VALUES: [string, string][] = [
  ...UPDATABLE.map(([, column]): [string, string] => [column, `coalesce(v.${column}, l.${column})`]),
  ["mobile", "coalesce(v.mobile, l.mobile)"],
  ["has_brochure_download", "l.has_brochure_download or coalesce(v.has_brochure_download, false)"],
];
const UPDATE_SETS = UPDATED_VALUES.map(([column, value]) => `${column} = ${value}`).join(", ");
/** A matched lead the row would leave as it is: not written (no new row version, activity entry or version bump). */
const CHANGES = `(${UPDATED_VALUES.map(([column]) => `l.${column}`).join(", ")}) is distinct from (${UPDATED_VALUES.map(([, value]) => value).join(", ")})`;

/**
 * The whole batch in one statement: the rows arrive as one JSON parameter (the statement's text is
 * the same for every batch, whatever its size), new people are inserted, matched leads updated where the
 * row changes something, and each lead written gets its activity record. New leads and activity
 * records get time-ordered ids (UUID_V7), so their primary keys grow at one end.
 */
function writeSql(records: Record<string, unknown>[], actorStaffId: string, target: ImportTarget) {
  const logged = target.leadChange
    ? sql`,
    logged as (
      insert into ${target.leadChange} (id, lead_id, staff_id, kind, to_value)
      select ${UUID_V7}, id, ${actorStaffId}::uuid, 'import', to_value
      from (select id, 'Created from CSV' as to_value from created union all select id, 'Updated from CSV' from changed) as written
    )`
    : sql``;
  return sql`
    with v as (select * from json_to_recordset(${JSON.stringify(records)}::json) as v(${sql.raw(COLUMNS)})),
    created as (
      insert into ${target.lead} (id, ${sql.raw(INSERTED)})
      select ${UUID_V7}, ${sql.raw(INSERT_VALUES)} from v where v.id is null
      on conflict do nothing
      returning id
    ),
    changed as (
      update ${target.lead} as l set ${sql.raw(UPDATE_SETS)}, version = l.version + 1, updated_at = now()
      from v where v.id is not null and l.id = v.id and ${sql.raw(CHANGES)}
      returning l.id
    )${logged}
    select (select count(*) from created)::int as created, (select count(*) from changed)::int as updated,
      (select count(*) from v where v.id is not null)::int as matched`;
}
