// Issue 23 §1 "Bulk actions": a claimed background job that changes many leads in batches, one activity
// record per changed field of each lead, rule-breaking and stale leads reported instead of changed.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/server/db/client";
import { lead, leadBulkItem, leadBulkJob, leadChange } from "~/server/db/schema";
import { createBulkJob, GONE_SELECTED, LEFT_FILTER, runBulkJob, STALE_SELECTED } from "~/server/features/crm/bulk-job";
import { BATCH_REQUIRED, OWNER_RULE } from "~/shared/crm/lead-rules";
import type { Board, BulkJob, BulkRequest } from "~/shared/schemas/crm-bulk";
import { leadFactory } from "../../fixtures/leads";
import { staffFactory } from "../../fixtures/staff";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

const post = (payload: BulkRequest | object, cookie = sales.cookie) => ctx.app.inject({ method: "POST", url: "/api/crm/bulk", payload, headers: { cookie } });
const read = (id: string, cookie = sales.cookie) => ctx.app.inject({ method: "GET", url: `/api/crm/bulk/${id}`, headers: { cookie } });

/** Follows a job until it is no longer running. */
async function finished(id: string): Promise<BulkJob> {
  for (let i = 0; i < 300; i++) {
    const response = await read(id);
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json() as BulkJob;
    if (job.status !== "running") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The bulk change did not finish");
}
async function run(payload: BulkRequest): Promise<BulkJob> {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(202);
  return finished((response.json() as BulkJob).id);
}
const selected = (rows: { id: string; version: number }[]) => ({ leads: rows.map(({ id, version }) => ({ id, version })) });
const changesOf = (ids: string[], field: string) => ctx.db.select().from(leadChange).where(and(inArray(leadChange.leadId, ids), eq(leadChange.field, field)));

describe("POST /api/crm/bulk and GET /api/crm/bulk/{id}", () => {
  it("answer 401 to an anonymous caller and 403 to staff without Sales or Admin", async () => {
    const row = await leadFactory(ctx.db);
    const payload = { selection: selected([row]), action: { kind: "priority", priority: "High" } };
    expect((await ctx.app.inject({ method: "POST", url: "/api/crm/bulk", payload })).statusCode).toBe(401);
    const other = await signedIn(ctx, ["admissions", "content"]);
    expect((await post(payload, other.cookie)).statusCode).toBe(403);
    const job = await run(payload as BulkRequest);
    expect((await ctx.app.inject({ method: "GET", url: `/api/crm/bulk/${job.id}` })).statusCode).toBe(401);
    expect((await read(job.id, other.cookie)).statusCode).toBe(403);
    expect((await read("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("names the field of bad input (400): a status outside the stage, an owner who may not own leads, nothing selected", async () => {
    const row = await leadFactory(ctx.db);
    const outside = await post({ selection: selected([row]), action: { kind: "pipeline", leadStage: "New", leadStatus: "Pitched" } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toEqual({ "action.leadStatus": "Pitched is not a status of the New stage" });
    const writer = await staffFactory(ctx.db, ["content"]);
    const owner = await post({ selection: selected([row]), action: { kind: "owner", leadOwner: writer.id } });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().error.fields).toEqual({ "action.leadOwner": OWNER_RULE });
    const none = await post({ selection: { leads: [] }, action: { kind: "priority", priority: "High" } });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().error.fields)[0]).toMatch(/^selection/);
    const unknown = await post({ selection: selected([row]), action: { kind: "paint" } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty("action.kind");
  });

  it("assigns an owner to the selected leads, one activity record per lead", async () => {
    const owner = await staffFactory(ctx.db, ["sales"]);
    const rows = await Promise.all([1, 2, 3].map(() => leadFactory(ctx.db)));
    const job = await run({ selection: selected(rows), action: { kind: "owner", leadOwner: owner.id } });
    expect(job).toMatchObject({ status: "done", total: 3, processed: 3, changed: 3, skipped: 0, action: `Owner: ${owner.name}` });
    const ids = rows.map((r) => r.id);
    const stored = await ctx.db.select().from(lead).where(inArray(lead.id, ids));
    expect(stored.every((l) => l.leadOwner === owner.id && l.version === 2)).toBe(true);
    const changes = await changesOf(ids, "leadOwner");
    expect(changes.map((c) => c.leadId).sort()).toEqual([...ids].sort());
    expect(changes.every((c) => c.staffId === sales.id && c.fromValue === null && c.toValue === owner.id)).toBe(true);
  });

  it("reports the leads a pipeline rule refuses (Closed Won without a batch) and changes the rest", async () => {
    const withBatch = await leadFactory(ctx.db, { leadStage: "Connected", leadStatus: "Pitched", batchName: "FF-2026-02", saleAmount: 10 });
    const without = await leadFactory(ctx.db, { leadStage: "Connected", leadStatus: "Pitched", fullName: "No Batch Person" });
    const job = await run({ selection: selected([withBatch, without]), action: { kind: "pipeline", leadStage: "Connected", leadStatus: "CW - Full" } });
    expect(job).toMatchObject({ status: "done", changed: 1, skipped: 1, skipReasons: [{ reason: BATCH_REQUIRED, count: 1 }] });
    expect(job.skippedLeads).toEqual([{ id: without.id, name: "No Batch Person", reason: BATCH_REQUIRED }]);
    const [kept] = await ctx.db.select().from(lead).where(eq(lead.id, without.id));
    expect(kept).toMatchObject({ leadStatus: "Pitched", version: 1 });
    const [won] = await ctx.db.select().from(lead).where(eq(lead.id, withBatch.id));
    expect(won).toMatchObject({ leadStatus: "CW - Full", isPaid: true });
    // With a batch name given, the same move converts both.
    const again = await run({ selection: selected([without]), action: { kind: "pipeline", leadStage: "Connected", leadStatus: "CW - Token", batchName: "FF-2026-03" } });
    expect(again).toMatchObject({ changed: 1, skipped: 0 });
  });

  it("rescores a lead in the same write as its new stage and status: each lead written once, scored as a full rescoring scores it", async () => {
    const rows: Awaited<ReturnType<typeof leadFactory>>[] = [];
    for (let i = 0; i < 3; i++) rows.push(await leadFactory(ctx.db));
    const ids = sql`${`{${rows.map((r) => r.id).join(",")}}`}::uuid[]`;
    await ctx.db.execute(sql`select lead_score_refresh(${ids})`);
    // Counts the rows each UPDATE of a lead writes (a statement trigger of this test's own).
    const setup = [
      sql`create table bulk_write_count (n int not null)`,
      sql.raw(`create function bulk_write_counted() returns trigger language plpgsql as $$ begin insert into bulk_write_count select count(*) from counted_rows; return null; end $$`),
      sql`create trigger bulk_write_counted after update on lead referencing new table as counted_rows for each statement execute function bulk_write_counted()`,
    ];
    for (const statement of setup) await ctx.db.execute(statement);
    const written = async () => rowsOf<{ n: number }>(await ctx.db.execute(sql`select coalesce(sum(n), 0)::int as n from bulk_write_count`))[0]!.n;
    const scores = () => ctx.db.select({ key: lead.scoreKey, facts: lead.scoreFacts }).from(lead).where(inArray(lead.id, rows.map((r) => r.id))).orderBy(lead.id);
    try {
      const job = await run({ selection: selected(rows), action: { kind: "pipeline", leadStage: "Connected", leadStatus: "Pitched" } });
      expect(job).toMatchObject({ status: "done", changed: 3 });
      expect(await written()).toBe(3);
      const after = await scores();
      expect(after.map((s) => (s.facts as { points: number }).points)).toEqual([10, 10, 10]);
      // A full rescoring from the engagements finds nothing to change.
      await ctx.db.execute(sql`select lead_score_refresh(${ids})`);
      expect(await written()).toBe(3);
      expect(await scores()).toEqual(after);
    } finally {
      for (const statement of [sql`drop trigger bulk_write_counted on lead`, sql`drop function bulk_write_counted()`, sql`drop table bulk_write_count`]) await ctx.db.execute(statement);
    }
  });

  it("leaves its scored leads' engagements uncounted (the score is in its write) and scores a lead never scored", async () => {
    const [scored, never] = [await leadFactory(ctx.db), await leadFactory(ctx.db)];
    await ctx.db.execute(sql`select lead_score_refresh(array[${scored.id}]::uuid[])`);
    // Facts the engagements do not give (no brochure was requested): a rescoring from them would drop it.
    const kept = sql`score_facts || jsonb_build_object('brochureAt', now())`;
    await ctx.db.update(lead).set({ scoreFacts: kept }).where(eq(lead.id, scored.id));
    const facts = async (id: string) => (await ctx.db.select({ facts: lead.scoreFacts }).from(lead).where(eq(lead.id, id)))[0]!.facts as Record<string, unknown> | null;
    expect(await facts(never.id)).toBeNull();
    for (const action of [{ kind: "owner", leadOwner: sales.id }, { kind: "pipeline", leadStage: "Connected", leadStatus: "Pitched" }] as const) {
      const [a, b] = await ctx.db.select({ id: lead.id, version: lead.version }).from(lead).where(inArray(lead.id, [scored.id, never.id])).orderBy(lead.id);
      expect(await run({ selection: selected([a!, b!]), action })).toMatchObject({ status: "done", changed: 2 });
      expect((await facts(scored.id))?.brochureAt).toEqual(expect.any(String));
    }
    // The lead never scored was scored from its engagements by the activity's trigger, as an edit scores it.
    expect(await facts(never.id)).toMatchObject({ points: 10, brochureAt: null });
  });

  it("skips a selected lead someone changed after it was selected (its version), and one deleted since", async () => {
    const [fresh, stale, gone] = await Promise.all([1, 2, 3].map(() => leadFactory(ctx.db, { priority: "Low" })));
    const put = await ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${stale!.id}`, payload: { notes: "called", version: 1 }, headers: { cookie: sales.cookie } });
    expect(put.statusCode).toBe(200);
    await ctx.db.delete(lead).where(eq(lead.id, gone!.id));
    const job = await run({ selection: selected([fresh!, stale!, gone!]), action: { kind: "priority", priority: "High" } });
    expect(job).toMatchObject({ total: 3, processed: 3, changed: 1, skipped: 2 });
    expect(job.skipReasons).toEqual(expect.arrayContaining([{ reason: STALE_SELECTED, count: 1 }, { reason: GONE_SELECTED, count: 1 }]));
    const [kept] = await ctx.db.select().from(lead).where(eq(lead.id, stale!.id));
    expect(kept!.priority).toBe("Low");
  });

  it("changes all leads matching a filter, and the board's counts follow", async () => {
    const owner = await staffFactory(ctx.db, ["sales"]);
    const rows = [];
    for (let i = 0; i < 7; i++) rows.push(await leadFactory(ctx.db, { leadOwner: owner.id, saleAmount: 100 }));
    const job = await run({
      selection: { filter: { view: "active", owner: owner.id, stage: ["New"], status: [] } },
      action: { kind: "pipeline", leadStage: "Not Connected", leadStatus: "DNR 1" },
    });
    expect(job).toMatchObject({ total: 7, processed: 7, changed: 7, skipped: 0 });
    const response = await ctx.app.inject({ method: "GET", url: `/api/crm/board?owner=${owner.id}`, headers: { cookie: sales.cookie } });
    const board = response.json() as Board;
    expect(board.columns.map((c) => [c.stage, c.total, c.saleTotal])).toEqual([
      ["New", 0, 0],
      ["Not Connected", 7, 700],
      ["Connected", 0, 0],
      ["Incorrect", 0, 0],
    ]);
    // Stage and status each logged for each lead.
    expect(await changesOf(rows.map((r) => r.id), "leadStage")).toHaveLength(7);
    expect(await changesOf(rows.map((r) => r.id), "leadStatus")).toHaveLength(7);
    // Already so: unchanged, nothing written.
    const again = await run({ selection: { filter: { view: "active", owner: owner.id, stage: [], status: [] } }, action: { kind: "pipeline", leadStage: "Not Connected", leadStatus: "DNR 1" } });
    expect(again).toMatchObject({ changed: 0, unchanged: 7 });
    const deleted = await run({ selection: { filter: { view: "active", owner: owner.id, stage: [], status: [] } }, action: { kind: "delete" } });
    expect(deleted).toMatchObject({ total: 7, changed: 7 });
    expect(await ctx.db.select().from(lead).where(eq(lead.leadOwner, owner.id))).toHaveLength(0);
  });

  it("sets and clears a follow-up date on leads found by search", async () => {
    const tag = `bulkfollow${Date.now().toString(36).replace(/\d/g, "x")}`;
    const rows = await Promise.all([1, 2].map((i) => leadFactory(ctx.db, { fullName: `${tag} ${"ab"[i - 1]}` })));
    const set = await run({ selection: { filter: { view: "active", q: tag, stage: [], status: [] } }, action: { kind: "followUp", followUpDate: "2026-12-01" } });
    expect(set).toMatchObject({ total: 2, changed: 2 });
    const stored = await ctx.db.select({ f: lead.followUpDate }).from(lead).where(inArray(lead.id, rows.map((r) => r.id)));
    expect(stored.map((s) => s.f)).toEqual(["2026-12-01", "2026-12-01"]);
    const cleared = await run({ selection: { filter: { view: "active", q: tag, stage: [], status: [] } }, action: { kind: "followUp", followUpDate: null } });
    expect(cleared).toMatchObject({ changed: 2 });
  });

  it("allows one running bulk change per staff member (409)", async () => {
    const row = await leadFactory(ctx.db);
    const me = await signedIn(ctx, ["sales"]);
    // Claimed but not yet run: still running.
    const held = await createBulkJob(ctx.db, me.id, { selection: selected([row]), action: { kind: "priority", priority: "Low" } });
    const second = await post({ selection: selected([row]), action: { kind: "priority", priority: "High" } }, me.cookie);
    expect(second.statusCode).toBe(409);
    await runBulkJob(ctx.db, held.id, held.claimToken, { batchSize: 10, signal: new AbortController().signal });
    expect((await post({ selection: selected([{ ...row, version: 2 }]), action: { kind: "priority", priority: "High" } }, me.cookie)).statusCode).toBe(202);
  });

  it("GET /api/crm/bulk/running: the caller's running change (the page follows it again after a reload), null otherwise", async () => {
    const row = await leadFactory(ctx.db);
    const me = await signedIn(ctx, ["sales"]);
    const colleague = await signedIn(ctx, ["admin"]);
    const running = (cookie?: string) => ctx.app.inject({ method: "GET", url: "/api/crm/bulk/running", headers: cookie ? { cookie } : {} });
    expect((await running()).statusCode).toBe(401);
    expect((await running((await signedIn(ctx, ["admissions", "content"])).cookie)).statusCode).toBe(403);
    expect((await running(me.cookie)).json()).toEqual({ job: null });
    const held = await createBulkJob(ctx.db, me.id, { selection: selected([row]), action: { kind: "priority", priority: "Low" } });
    expect((await running(me.cookie)).json()).toMatchObject({ job: { id: held.id, status: "running", total: 1, processed: 0, action: "Priority: Low" } });
    expect((await running(colleague.cookie)).json()).toEqual({ job: null });
    await runBulkJob(ctx.db, held.id, held.claimToken, { batchSize: 10, signal: new AbortController().signal });
    expect((await running(me.cookie)).json()).toEqual({ job: null });
  });

  it("resumes a job whose process stopped after its first batch: every lead changed once", async () => {
    const owner = await staffFactory(ctx.db, ["sales"]);
    const rows = [];
    for (let i = 0; i < 10; i++) rows.push(await leadFactory(ctx.db, { leadOwner: owner.id }));
    const job = await createBulkJob(ctx.db, sales.id, { selection: { filter: { view: "active", owner: owner.id } }, action: { kind: "priority", priority: "Very Low" } });
    const stop = new AbortController();
    await runBulkJob(ctx.db, job.id, job.claimToken, { batchSize: 4, signal: stop.signal, afterBatch: () => stop.abort() });
    const [partial] = await ctx.db.select().from(leadBulkJob).where(eq(leadBulkJob.id, job.id));
    expect(partial).toMatchObject({ status: "running", processed: 4, changed: 4 });
    // The stopped process can no longer advance it once another has claimed it.
    const result = await finished(job.id);
    expect(result).toMatchObject({ status: "done", total: 10, processed: 10, changed: 10 });
    const changes = await changesOf(rows.map((r) => r.id), "priority");
    expect(changes).toHaveLength(10);
    expect(new Set(changes.map((c) => c.leadId)).size).toBe(10);
    await runBulkJob(ctx.db, job.id, job.claimToken, { batchSize: 4, signal: stop.signal });
    expect(await changesOf(rows.map((r) => r.id), "priority")).toHaveLength(10);
  });

  it("in two lanes (as on PostgreSQL): each lane resumes after its last batch, every lead changed once, deleted selected leads counted once", async () => {
    const owner = await staffFactory(ctx.db, ["sales"]);
    const rows = [];
    for (let i = 0; i < 24; i++) rows.push(await leadFactory(ctx.db, { leadOwner: owner.id }));
    const job = await createBulkJob(ctx.db, sales.id, { selection: selected(rows), action: { kind: "priority", priority: "Very Low" } }, 2);
    await ctx.db.delete(lead).where(inArray(lead.id, [rows[0]!.id, rows[1]!.id]));
    const stop = new AbortController();
    await runBulkJob(ctx.db, job.id, job.claimToken, { batchSize: 4, signal: stop.signal, afterBatch: () => stop.abort() });
    const [partial] = await ctx.db.select().from(leadBulkJob).where(eq(leadBulkJob.id, job.id));
    // The 22 leads left are listed in chunks of a batch dealt into the two lanes; each lane went through one.
    expect(partial).toMatchObject({ status: "running", processed: 8, lanes: [{ after: 1, done: false }, { after: 1, done: false }] });
    // Five chunks of four and a last of two, newest first, dealt in turn: 12 leads and 10.
    const listed = await ctx.db.select().from(leadBulkItem).where(eq(leadBulkItem.jobId, job.id));
    expect([0, 1].map((lane) => listed.filter((chunk) => chunk.lane === lane).flatMap((chunk) => chunk.leadIds).length)).toEqual([12, 10]);
    const result = await finished(job.id);
    expect(result).toMatchObject({ status: "done", total: 24, processed: 24, changed: 22, skipped: 2, skipReasons: [{ reason: GONE_SELECTED, count: 2 }] });
    const changes = await changesOf(rows.map((r) => r.id), "priority");
    expect(changes).toHaveLength(22);
    expect(new Set(changes.map((c) => c.leadId)).size).toBe(22);
    // The list goes with the job's last batch.
    expect(await ctx.db.select().from(leadBulkItem).where(eq(leadBulkItem.jobId, job.id))).toEqual([]);
  });

  it("reports a listed lead that left the filter before its batch, and reaches its total", async () => {
    const owner = await staffFactory(ctx.db, ["sales"]);
    const other = await staffFactory(ctx.db, ["sales"]);
    const rows = [];
    for (let i = 0; i < 6; i++) rows.push(await leadFactory(ctx.db, { leadOwner: owner.id, createdAt: new Date(Date.now() - (10 - i) * 60_000) }));
    const job = await createBulkJob(ctx.db, sales.id, { selection: { filter: { view: "active", owner: owner.id } }, action: { kind: "priority", priority: "Low" } });
    const stop = new AbortController();
    await runBulkJob(ctx.db, job.id, job.claimToken, { batchSize: 3, signal: stop.signal, afterBatch: () => stop.abort() });
    // The oldest lead, not yet reached (newest first), goes to someone else.
    await ctx.db.update(lead).set({ leadOwner: other.id }).where(eq(lead.id, rows[0]!.id));
    const result = await finished(job.id);
    expect(result).toMatchObject({ status: "done", total: 6, processed: 6, changed: 5, skipped: 1, skipReasons: [{ reason: LEFT_FILTER, count: 1 }] });
    const [kept] = await ctx.db.select({ priority: lead.priority }).from(lead).where(eq(lead.id, rows[0]!.id));
    expect(kept!.priority).not.toBe("Low");
  });

  it("resumes a job whose claim lapsed (its process was killed)", async () => {
    const owner = await staffFactory(ctx.db, ["sales"]);
    for (let i = 0; i < 3; i++) await leadFactory(ctx.db, { leadOwner: owner.id });
    const job = await createBulkJob(ctx.db, sales.id, { selection: { filter: { view: "active", owner: owner.id } }, action: { kind: "priority", priority: "High" } });
    // Claimed by a process that died: nothing ran, and its claim ran out.
    await ctx.db.execute(sql`update lead_bulk_job set claimed_until = now() - interval '1 minute' where id = ${job.id}`);
    const result = await finished(job.id);
    expect(result).toMatchObject({ status: "done", total: 3, changed: 3 });
    const [row] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from lead where lead_owner = ${owner.id} and priority = 'High'`));
    expect(row!.n).toBe(3);
  });
});
