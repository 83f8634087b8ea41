import { sql, type SQL } from "drizzle-orm";

/**
 * Every logged call since `start`, as rows of (staff_id, at): what the funnel's per-owner "calls" count.
 * Today a call is a Latest Call date that staff set on a lead (the activity log, migration 0023's
 * lead_change_call_idx). A call log of its own adds its table here as one more `union all` branch.
 */
export function callActivitySql(start: SQL): SQL {
  const sources: SQL[] = [sql`select staff_id, at from lead_change where field = 'latestCallDate' and at >= ${start}`];
  return sql.join(sources, sql` union all `);
}
