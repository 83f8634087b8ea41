// Issue 23 §1 "Bulk actions": a batch that loses a deadlock is run again instead of failing the job.
// PostgreSQL only (in POSTGRES_ONLY): the embedded database has one connection, so nothing can
// deadlock with a batch there.
import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { rowsOf } from "~/server/db/client";
import { lead, leadBulkJob, leadChange } from "~/server/db/schema";
import { createBulkJob, runBulkJob } from "~/server/features/crm/bulk-job";
import { leadFactory } from "../../fixtures/leads";
import { testEngine } from "../../helpers/database";
import { appWithStaff, type TestContext } from "../../helpers/app";

const file = appWithStaff(["sales"]);

/** Waits until some other session waits for a row lock held by this test's own transaction. */
async function batchWaitsForLock(ctx: TestContext): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'with b as%'`),
    );
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("The batch never waited for the lead's lock");
}

// On PGlite alone (no TEST_DATABASE_URL) it is skipped with its reason: one connection, nothing waits for a lock.
it.skipIf(testEngine !== "postgres")(`${testEngine === "postgres" ? "" : "skipped, PostgreSQL only: "}runs a batch again after it lost a deadlock: the job ends done, the lead changed once`, async () => {
  const { ctx, staff: sales } = file;
  const held = await leadFactory(ctx.db, { priority: "Low" });
  const job = await createBulkJob(ctx.db, sales.id, { selection: { leads: [{ id: held.id, version: held.version }] }, action: { kind: "priority", priority: "High" } });
  const rollback = new Error("roll back");
  let running: Promise<void> | undefined;
  // Another transaction takes the lead first, then the job's row once the batch (which holds the job's
  // row) waits for the lead: a deadlock. This session waits a minute before it looks for one, so the
  // batch (waiting since before) is the one PostgreSQL aborts.
  const blocker = ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local deadlock_timeout = '60s'`);
    await tx.execute(sql`update lead set notes = 'held by another transaction' where id = ${held.id}`);
    running = runBulkJob(ctx.db, job.id, job.claimToken, { batchSize: 10, signal: new AbortController().signal });
    await batchWaitsForLock(ctx);
    const [seen] = await tx.select().from(leadBulkJob).where(eq(leadBulkJob.id, job.id)).for("update");
    // The job's row was let go without a commit: the batch was rolled back.
    expect(seen).toMatchObject({ status: "running", processed: 0, changed: 0 });
    throw rollback;
  });
  await expect(blocker).rejects.toBe(rollback);
  await running;
  const [done] = await ctx.db.select().from(leadBulkJob).where(eq(leadBulkJob.id, job.id));
  expect(done).toMatchObject({ status: "done", total: 1, processed: 1, changed: 1, skipped: 0, error: null });
  const [after] = await ctx.db.select({ priority: lead.priority, notes: lead.notes, version: lead.version }).from(lead).where(eq(lead.id, held.id));
  expect(after).toEqual({ priority: "High", notes: held.notes, version: held.version + 1 });
  expect(await ctx.db.select().from(leadChange).where(and(eq(leadChange.leadId, held.id), eq(leadChange.field, "priority")))).toHaveLength(1);
});
