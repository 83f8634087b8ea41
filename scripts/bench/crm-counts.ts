// Count accuracy for `npm run bench:crm` (issue 21 item 2): every tab, stage, status, owner and
// follow-ups due count the API gives, against count(*) on the table, right after the import (no
// ANALYZE in between); and the free-text estimates ("about") against their exact count.
import pg from "pg";
import { LEAD_STAGES, LEAD_STATUSES } from "~/shared/crm/pipeline";
import { todayInKolkata } from "~/shared/format-date";
import type { DataTarget } from "./lib/servers";

export interface CountCheck {
  what: string;
  shown: number;
  estimate: boolean;
  exact: number;
  /** (shown − exact) / exact, in percent (0 when both are 0). */
  offPercent: number;
}

/** The free-text searches whose "about" count is checked (within ±10% is the target). */
export const ESTIMATED_SEARCHES = ["riya", "sharma", "outlook"];

export async function checkCounts(base: string, cookie: string, target: DataTarget): Promise<CountCheck[]> {
  if (target.engine !== "postgres") throw new Error("the count check reads PostgreSQL");
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows: owners } = await client.query<{ id: string }>("select distinct lead_owner as id from lead_tally where lead_owner is not null");
    const today = todayInKolkata();
    const cases: [string, string, string, unknown[]][] = [];
    for (const view of ["active", "paid"]) {
      const tab = `is_paid = ${view === "paid"}`;
      cases.push([`${view}`, `view=${view}`, tab, []]);
      cases.push([`${view}, follow-ups due`, `view=${view}&followUp=due`, `${tab} and follow_up_date <= $1::date`, [today]]);
      for (const stage of LEAD_STAGES) cases.push([`${view}, stage ${stage}`, `view=${view}&stage=${encodeURIComponent(stage)}`, `${tab} and lead_stage = $1`, [stage]]);
      for (const status of LEAD_STATUSES) cases.push([`${view}, status ${status}`, `view=${view}&status=${encodeURIComponent(status)}`, `${tab} and lead_status = $1`, [status]]);
      owners.forEach(({ id }, i) => cases.push([`${view}, owner ${i + 1}`, `view=${view}&owner=${id}`, `${tab} and lead_owner = $1::uuid`, [id]]));
      cases.push([`${view}, unassigned`, `view=${view}&owner=unassigned`, `${tab} and lead_owner is null`, []]);
      for (const q of ESTIMATED_SEARCHES)
        cases.push([`${view}, search "${q}"`, `view=${view}&q=${q}`, `${tab} and (full_name ilike $1 or email ilike $1)`, [`%${q}%`]]);
    }
    const checks: CountCheck[] = [];
    for (const [what, query, where, params] of cases) {
      const response = await fetch(`${base}/api/crm/leads?${query}&limit=1`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${query} answered ${response.status}`);
      const page = (await response.json()) as { total: number; totalIsEstimate?: boolean };
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from lead where ${where}`, params);
      const exact = rows[0]!.n;
      checks.push({ what, shown: page.total, estimate: !!page.totalIsEstimate, exact, offPercent: exact ? (100 * (page.total - exact)) / exact : page.total ? 100 : 0 });
    }
    return checks;
  } finally {
    await client.end();
  }
}
