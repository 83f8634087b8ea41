// Thousands of leads for crm-many-leads.spec.ts, in one SQL statement before the server starts (no
// public path adds 5,000 leads quickly, and PGlite admits one process at a time). They are found by
// the search word MANY_LEADS_WORD only, and are older than every lead the other specs add, so those
// specs' first pages and counts under their own searches are unchanged. No mobile: Fix Duplicates
// finds nothing among them.
import { sql } from "drizzle-orm";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";

/** More than the spec loads, so "Load more" is still there after the 5,000th row. */
export const MANY_LEADS = 5_100;
export const MANY_LEADS_WORD = "windowrow";

export async function seedManyLeads(env: NodeJS.ProcessEnv): Promise<void> {
  const { database, release } = await openConfiguredDatabase(loadConfig(env));
  try {
    await database.db.execute(sql`
      insert into lead (email, full_name, source_type, priority, lead_stage, lead_status, sale_amount, created_at)
      select ${MANY_LEADS_WORD} || '.' || lpad(g::text, 4, '0') || '@many-leads.example.org',
        'Window Row ' || lpad(g::text, 4, '0'),
        'brochure_download',
        (array['Medium', 'High', 'Low'])[1 + g % 3],
        (array['New', 'Not Connected', 'Connected'])[1 + g % 3],
        (array['New', 'DNR 1', 'Interview'])[1 + g % 3],
        case when g % 4 = 0 then 149990 end,
        timestamptz '2019-01-01 00:00:00+00' + make_interval(mins => g)
      from generate_series(1, ${MANY_LEADS}) as g`);
  } finally {
    await database.close();
    release();
  }
}
