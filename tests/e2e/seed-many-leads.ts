// Thousands of leads for crm-many-leads.spec.ts, and a common search for crm-board.spec.ts, in one SQL
// statement each before the server starts (no public path adds thousands of leads quickly, and PGlite
// admits one process at a time). They are found by the search words MANY_LEADS_WORD and
// COUNT_LATER_WORD only, and are older than every lead the other specs add, so those specs' first
// pages and counts under their own searches are unchanged. No mobile: Fix Duplicates finds nothing
// among them.
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";

/** More than the spec loads, so "Load more" is still there after the 5,000th row. */
export const MANY_LEADS = 5_100;
export const MANY_LEADS_WORD = "windowrow";

/**
 * A search the board counts after its cards (crm-board.spec.ts): more matches than its answer counts
 * (board-search.ts INLINE_COUNT_MAX, 16,000), nearly all New, and a few in Incorrect, too few for the
 * search sample to estimate, so the Incorrect column comes "about" and is counted by a second request.
 */
export const COUNT_LATER_WORD = "countlater";
export const COUNT_LATER_NEW = 20_000;
export const COUNT_LATER_INCORRECT = 40;

export async function seedManyLeads(db: Db): Promise<void> {
  await db.execute(sql`
    insert into lead (email, full_name, source_type, lead_stage, lead_status, sale_amount, created_at)
    select ${COUNT_LATER_WORD} || '.' || lpad(g::text, 5, '0') || '@many-leads.example.org',
      'Count Later ' || lpad(g::text, 5, '0'),
      'brochure_download',
      case when g <= ${COUNT_LATER_INCORRECT} then 'Incorrect' else 'New' end,
      case when g <= ${COUNT_LATER_INCORRECT} then 'Mob # Wrong' else 'New' end,
      case when g <= ${COUNT_LATER_INCORRECT} then 1000 end,
      timestamptz '2018-01-01 00:00:00+00' + make_interval(mins => g)
    from generate_series(1, ${COUNT_LATER_NEW + COUNT_LATER_INCORRECT}) as g`);
  await db.execute(sql`
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
}
