// An import batch that the database aborts as busy (a deadlock lost to the rescoring job, a statement
// cancelled) is written again, not the end of the import. PostgreSQL only (in POSTGRES_ONLY): the
// embedded database has one connection, so nothing waits for a lock there.
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { rowsOf } from "~/server/db/client";
import { lead, leadChange } from "~/server/db/schema";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";
import { importLeadsCsv } from "~/server/features/crm/import";
import { leadFactory } from "../../fixtures/leads";
import { testEngine } from "../../helpers/database";
import { appWithStaff } from "../../helpers/app";

const file = appWithStaff(["sales"]);

// On PGlite alone (no TEST_DATABASE_URL) it is skipped with its reason: one connection, nothing waits for a lock.
it.skipIf(testEngine !== "postgres")(`${testEngine === "postgres" ? "" : "skipped, PostgreSQL only: "}writes a batch again after the database aborted it while it waited for a lead: every row once`, async () => {
  const { ctx, staff: sales } = file;
  const held = await leadFactory(ctx.db, { priority: "Low" });
  const fresh = `busy.${Date.now().toString(36)}@example.com`;
  const cells = (values: Partial<Record<(typeof LEAD_CSV_COLUMNS)[number], string>>) => LEAD_CSV_COLUMNS.map((c) => `"${values[c] ?? ""}"`).join(",");
  const text = [LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(","), cells({ "Email IDs": held.email, Priority: "High" }), cells({ "Email IDs": fresh, "Full Name": "Busy Day" })].join("\n");
  const rollback = new Error("roll back");
  let importing: ReturnType<typeof importLeadsCsv> | undefined;
  let cancelled = 0;
  // Another transaction holds the stored lead; once the import's write waits for it, the database
  // aborts that write (as it aborts the loser of a deadlock), then the lock is let go.
  const blocker = ctx.db.transaction(async (tx) => {
    await tx.execute(sql`update lead set notes = 'held by another transaction' where id = ${held.id}`);
    importing = importLeadsCsv(ctx.db, [parse(text, { relax_column_count: true }) as string[][]], sales.id);
    for (let i = 0; i < 200 && !cancelled; i++) {
      const [row] = rowsOf<{ n: number }>(
        await ctx.db.execute(sql`
          select count(pg_cancel_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%json_to_recordset%'`),
      );
      cancelled = row!.n;
      if (!cancelled) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw rollback;
  });
  await expect(blocker).rejects.toBe(rollback);
  expect(cancelled).toBe(1);
  expect(await importing).toMatchObject({ created: 1, updated: 1, rejectedRows: 0 });
  const [after] = await ctx.db.select({ priority: lead.priority, version: lead.version }).from(lead).where(eq(lead.id, held.id));
  expect(after).toEqual({ priority: "High", version: held.version + 1 });
  expect(await ctx.db.select().from(lead).where(eq(lead.email, fresh))).toHaveLength(1);
  expect((await ctx.db.select().from(leadChange).where(eq(leadChange.leadId, held.id))).filter((c) => c.kind === "import")).toHaveLength(1);
});
