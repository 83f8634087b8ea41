// Leads stored twice (as a legacy sheet left them, before lead matching): DUPLICATE_GROUPS people, each
// as an older lead and a newer one with the same mobile written without its country code. No public
// path creates such pairs (lead matching merges them at once), so they go in before the server starts,
// for crm-fix-duplicates.spec.ts, which deletes what is left. Paid users created in 2020: out of the
// Active Leads tab that the specs before it (accessibility) scan, and below every lead the others use.
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";

export const DUPLICATE_GROUPS = 800;

export async function seedDuplicateLeads(db: Db): Promise<void> {
  await db.execute(sql`
    insert into lead (email, full_name, mobile, source_type, lead_stage, lead_status, batch_name, created_at)
    select 'twice.' || g || '.' || copy || '@example.net', 'Stored Twice ' || g,
      case copy when 1 then '9187' else '87' end || lpad(g::text, 8, '0'),
      'brochure_download', 'Connected', 'CW - Full', 'FF-2020-01',
      timestamptz '2020-01-01 00:00:00+00' + make_interval(mins => g, secs => copy)
    from generate_series(1, ${DUPLICATE_GROUPS}) as g, generate_series(1, 2) as copy`);
}
