import { getTableColumns, sql } from "drizzle-orm";
import type { ImportResult } from "~/shared/schemas/crm";
import { longTransaction, type Db, type Engine } from "../../db/client";
import { lead } from "../../db/schema";
import type { RowChunks } from "../../platform/csv-import";
import { importLeadsCsv, leadsNamed, type ImportTarget } from "./import";
import { LeadStatistics } from "./lead-statistics";

/**
 * The dry run of a mapped import (issue 23 §5): how many rows would be created, updated, unchanged or
 * rejected, and why, with nothing written. It is the import itself — the same reading of each row, the
 * same rule book, the same write statements — pointed at a private copy of the leads the file names
 * (a temporary table of this session), so its counts are the real run's by construction, a person
 * named twice in the file included (the second row finds the first one's lead in the copy).
 *
 * On PostgreSQL the copy lives in one transaction that only reads the lead table (no row lock, no
 * counter trigger: a sign-up arriving meanwhile is not held up) and ends by dropping it. The
 * embedded database has one session: the temporary table is simply dropped at the end.
 */
const PREVIEW = sql`pg_temp.lead_import_preview`;
/** Derived columns (is_paid, pending_amount) are plain ones in the copy, and may stay blank: no count reads them. */
const DERIVED = Object.values(getTableColumns(lead))
  .filter((column) => column.generated)
  .map((column) => sql`alter column ${sql.identifier(column.name)} drop not null`);

const PREVIEW_TARGET: ImportTarget = {
  lead: PREVIEW,
  leadChange: null,
  // The stored leads the batch names join the copy once (a lead the dry run already changed keeps its changes).
  beforeLookUp: async (db, emails, mobiles) => {
    await db.execute(sql`
      insert into ${PREVIEW} select * from ${lead} where id in (select id from (${leadsNamed(sql`${lead}`, emails, mobiles, sql`id`)}) as named)
      on conflict do nothing`);
  },
};

export async function dryRunLeadImport(
  db: Db,
  engine: Engine,
  records: RowChunks,
  actorStaffId: string,
  batchSize: number,
  onProgress?: (rowsDone: number) => void,
): Promise<ImportResult> {
  const run = async (session: Db) => {
    await session.execute(sql`drop table if exists ${PREVIEW}`);
    // Generated columns become plain ones (LIKE without INCLUDING GENERATED): the copy takes stored rows as they are.
    const onCommit = engine === "pglite" ? sql`` : sql`on commit drop`;
    await session.execute(sql`create temporary table lead_import_preview (like ${lead} including defaults) ${onCommit}`);
    await session.execute(sql`alter table ${PREVIEW} add primary key (id), add unique (email)${DERIVED.length ? sql`, ${sql.join(DERIVED, sql`, `)}` : sql``}`);
    await session.execute(sql`create index on ${PREVIEW} (mobile)`);
    try {
      // One statement per batch, no transaction of its own (the embedded way): the session is this one.
      return await importLeadsCsv(session, records, actorStaffId, batchSize, true, onProgress, { target: PREVIEW_TARGET });
    } finally {
      // PostgreSQL drops it with the transaction, committed or not.
      if (engine === "pglite") await session.execute(sql`drop table if exists ${PREVIEW}`);
    }
  };
  // The copy is filled by lookups on the lead table: they need its statistics as the import's do.
  await new LeadStatistics(db).prepare();
  return engine === "pglite" ? run(db) : longTransaction(db, run);
}
