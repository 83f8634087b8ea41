// A database with one salesperson and `count` leads, written in SQL GENERATE_BATCH at a time (the CRM
// list benchmarks page through them), seeded in-process before the server starts.
import { sql } from "drizzle-orm";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { createStaff } from "~/server/features/staff/service";
import { GENERATE_BATCH } from "../crm-data";
import { targetConfigEnv, type DataTarget } from "./servers";

export const BENCH_SALES = { email: "bench.sales@example.com", name: "Bench Sales", password: "bench-sales-password-1", roles: ["sales" as const] };

export async function seedManyLeads(target: DataTarget, count: number): Promise<void> {
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  try {
    await createStaff(database.db, BENCH_SALES);
    // Shaped like real leads: a wrapped e-mail, a mobile, a motivation, mixed stages and amounts.
    // In batches: one statement per batch stays well inside the pool's statement limit.
    for (let from = 1; from <= count; from += GENERATE_BATCH) {
      const to = Math.min(count, from + GENERATE_BATCH - 1);
      await database.db.execute(sql`
      insert into lead (email, full_name, mobile, motivation, source_type, priority, lead_stage, lead_status, sale_amount, collected_amount, created_at)
      select 'bench.lead.' || g || '@example-company-domain.example.com', 'Bench Lead ' || g,
        '91' || (9000000000 + g)::text,
        'Wants to move into a founder''s office role at an early-stage startup',
        'brochure_download',
        (array['Medium', 'High', 'Low'])[1 + g % 3],
        (array['New', 'Not Connected', 'Connected'])[1 + g % 3],
        (array['New', 'DNR 1', 'Interview'])[1 + g % 3],
        case when g % 4 = 0 then 149990 end,
        case when g % 8 = 0 then 49990 end,
        timestamptz '2024-01-01 00:00:00+00' + make_interval(mins => g)
      from generate_series(${from}::int, ${to}::int) as g`);
    }
  } finally {
    await database.close();
    release();
  }
}
