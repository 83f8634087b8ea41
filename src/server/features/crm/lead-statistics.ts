import { getTableName, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { lead } from "../../db/schema";
import { tableStates, wantsAnalysis } from "../../db/upkeep";

/** Below this many changed leads the planner's picture is never refreshed for an import. */
export const ANALYZE_AFTER_ROWS = 10_000;
/** Statistics taken on this many leads stay good for the rest of an import. */
const SETTLED_ROWS = 100_000;

/**
 * The planner's statistics of the lead table, kept current by the import that changes it most, since
 * nothing else may: PGlite has no autovacuum, and a PostgreSQL server can run with it off.
 *
 * Without statistics the planner guesses: it read `mobile = $1` through the mobile's trigram index
 * (pg_trgm serves equality too), which reads every lead sharing the key's trigrams — nearly all of
 * them, for Indian mobiles. An import's lookups then grew with the table: in CI a 150,000-row import
 * into 25,000 seeded leads (never analysed) slowed to 25 s a batch at 146,000 and never finished. Once
 * the table has statistics the mobile is known to be nearly unique and the B-tree is used, however
 * much the table grows afterwards, so one analysis at the start (when the table changed since the last)
 * and one each time the import has doubled the leads analysed, until one has seen 100,000, are enough:
 * a few short analyses at most.
 */
export class LeadStatistics {
  /** Leads in the table when it was last analysed (its estimate then); -1 for never. */
  private analysedRows = -1;
  /** The import's created leads when the table was last analysed. */
  private createdAtAnalysis = 0;

  constructor(private readonly db: Db) {}

  /**
   * Before the first lookup: analyses the table when it never was, or when autovacuum would (changed
   * by more than 50 + 10 % since: db/upkeep.ts).
   * `created`: the leads a resumed import had created before.
   */
  async prepare(created = 0): Promise<void> {
    this.createdAtAnalysis = created;
    const [state] = await tableStates(this.db, getTableName(lead));
    this.analysedRows = state?.rows ?? -1;
    if (!state || state.rows < 0 || wantsAnalysis(state)) await this.analyse();
  }

  /**
   * Between batches, told the leads the import has created so far: analyses once it has created as
   * many as the table held at the last analysis (and at least ANALYZE_AFTER_ROWS) since, so a table
   * that started empty is analysed at 10,000, 20,000, 40,000… leads. Once an analysis has seen
   * SETTLED_ROWS leads, not again before the import's end: the statistics then say the mobile is
   * nearly unique, and more leads do not change the plan (an import into 200,000 leads would
   * otherwise pay for two more analyses of a second each).
   */
  async grew(created: number): Promise<void> {
    if (this.analysedRows >= SETTLED_ROWS) return;
    if (created - this.createdAtAnalysis < Math.max(ANALYZE_AFTER_ROWS, this.analysedRows)) return;
    this.createdAtAnalysis = created;
    await this.analyse();
  }

  private async analyse(): Promise<void> {
    await this.db.execute(sql`analyze ${lead}`);
    this.analysedRows = (await tableStates(this.db, getTableName(lead)))[0]?.rows ?? 0;
  }
}
