import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { isClosedWon, statusLabel } from "~/shared/crm/pipeline";
import { OWNER_RULE, pipelineRuleBreak, type PipelineChanges } from "~/shared/crm/lead-rules";
import type { BulkAction, BulkJob, BulkSelection } from "~/shared/schemas/crm-bulk";
import { bulkRequestSchema } from "~/shared/schemas/crm-bulk";
import { rowsOf, type Db } from "../../db/client";
import { lead, leadBulkItem, leadBulkJob, staff } from "../../db/schema";
import { retryWhenBusy } from "../../platform/busy-retry";
import { AppError, invalid } from "../../platform/errors";
import { talliedSummary } from "./counts";
import { leadFilterSql } from "./filters";
import { leadsChanged } from "./summary-cache";
import { canOwnLeads } from "./update";

/**
 * Bulk actions on leads (issue 23 §1) as a claimed background job (ARCHITECTURE.md principle 7).
 * The job first lists its leads (newest first, dealt into lanes: BULK_LANES on PostgreSQL), then
 * its lanes go through their shares side by side in batches. Each batch is one transaction that reads
 * the lane's next listed leads by key (those still in the selection), checks each against the rule
 * book (lead-rules.ts) and the version it was selected with, changes the others in one statement that
 * also writes their activity, then locks the job row, checks the claim is still this process's (else
 * the batch is rolled back), and moves the lane's place and the job's counts. A process that dies
 * leaves the job running with a claim that lapses; any process then claims it (`for update skip
 * locked`) and goes on after each lane's last batch that committed.
 */
export const BULK_JOB_LEASE_MS = 60_000;
const RENEW_EVERY_MS = 15_000;
/** Leads per batch: PostgreSQL writes 5,000 leads with their index upkeep and activity in well under a second. */
export const BULK_BATCH = 5_000;
/** PGlite runs one statement at a time: smaller batches let a sign-in or a page in between. */
export const PGLITE_BULK_BATCH = 1_000;
/**
 * Lanes of a bulk change on PostgreSQL: the listed leads dealt in turn into two lanes, each its own
 * batches, so the two `UPDATE`s (most of a batch) run on two cores: 1.7 times the leads per second of
 * one lane at 1.5 million leads. The embedded database keeps one (it runs one statement at a time).
 */
export const BULK_LANES = 2;
/** A batch the database refused as busy (a deadlock, a lock wait over its limit) is tried again this many times. */
const BUSY_RETRIES = 5;
/** The skipped leads named in the result (the counts per reason cover all of them). */
const NAMED_SKIPS = 20;

export const STALE_SELECTED = "Changed by someone else after it was selected";
export const GONE_SELECTED = "Deleted before the change reached it";
export const LEFT_FILTER = "Deleted, or no longer matching the filter, before the change reached it";
const FAILED_ERROR = "The bulk change stopped on an error; the leads changed so far stay changed. Try again for the rest.";

type JobRow = typeof leadBulkJob.$inferSelect;

/** What the job's answer calls the action ("Priority: High"). */
function describe(action: BulkAction, ownerName: string | null): string {
  switch (action.kind) {
    case "owner":
      return `Owner: ${action.leadOwner ? (ownerName ?? "a former owner") : "Unassigned"}`;
    case "pipeline":
      return `Stage and status: ${action.leadStage} · ${statusLabel(action.leadStatus)}${action.batchName ? ` (batch ${action.batchName})` : ""}`;
    case "priority":
      return `Priority: ${action.priority}`;
    case "followUp":
      return `Follow-up date: ${action.followUpDate ?? "cleared"}`;
    case "delete":
      return "Delete";
  }
}

async function toJob(db: Db, row: JobRow, startedBy: string | null): Promise<BulkJob> {
  const ownerId = row.action.kind === "owner" ? row.action.leadOwner : null;
  const [owner] = ownerId ? await db.select({ name: staff.name }).from(staff).where(eq(staff.id, ownerId)) : [];
  return {
    id: row.id,
    status: row.status,
    action: describe(row.action, owner?.name ?? null),
    total: row.total,
    processed: row.processed,
    changed: row.changed,
    unchanged: row.unchanged,
    skipped: row.skipped,
    skipReasons: Object.entries(row.skipReasons).map(([reason, count]) => ({ reason, count })),
    skippedLeads: row.skippedLeads,
    error: row.error,
    startedBy,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function readBulkJob(db: Db, id: string): Promise<BulkJob & { lapsed: boolean }> {
  const [found] = await db
    .select({ job: leadBulkJob, startedBy: staff.name, lapsed: sql<boolean>`${leadBulkJob.status} = 'running' and ${leadBulkJob.claimedUntil} < now()` })
    .from(leadBulkJob)
    .leftJoin(staff, eq(staff.id, leadBulkJob.startedBy))
    .where(eq(leadBulkJob.id, id));
  if (!found) throw new AppError("not_found", "Bulk change not found");
  return { ...(await toJob(db, found.job, found.startedBy)), lapsed: found.lapsed };
}

/** The staff member's running bulk change, if any (at most one): the page re-attaches to it after a reload. */
export async function readRunningBulkJob(db: Db, staffId: string): Promise<(BulkJob & { lapsed: boolean }) | null> {
  const [found] = await db
    .select({ id: leadBulkJob.id })
    .from(leadBulkJob)
    .where(and(eq(leadBulkJob.startedBy, staffId), eq(leadBulkJob.status, "running")))
    .orderBy(desc(leadBulkJob.startedAt))
    .limit(1);
  return found ? readBulkJob(db, found.id) : null;
}

/**
 * Checks the request, then claims a job for it: 400 naming the field for bad input or an owner who may
 * not own leads, 409 while the same staff member's previous bulk change still runs.
 */
export async function createBulkJob(db: Db, staffId: string, body: unknown, lanes = 1): Promise<{ id: string; claimToken: string }> {
  const parsed = bulkRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(issue.path.map(String).join(".") || "_", issue.message);
  }
  const { selection, action } = parsed.data;
  if (action.kind === "owner" && action.leadOwner && !(await canOwnLeads(db, action.leadOwner))) throw invalid("action.leadOwner", OWNER_RULE);
  const total = await selectionTotal(db, selection);
  const [claimed] = await db
    .insert(leadBulkJob)
    .values({
      startedBy: staffId,
      action,
      selection,
      total,
      lanes: Array.from({ length: lanes }, () => ({ after: 0, done: false })),
      claimedUntil: sql`now() + make_interval(secs => ${BULK_JOB_LEASE_MS / 1000})`,
    })
    .onConflictDoNothing()
    .returning({ id: leadBulkJob.id, claimToken: leadBulkJob.claimToken });
  if (!claimed) throw new AppError("conflict", "Your previous bulk change is still running; wait for it to finish", undefined, 2);
  return claimed;
}

/** The selection's size: the selected leads, or the filter's exact count from the tallies; null for a search (the job counts it). */
async function selectionTotal(db: Db, selection: BulkSelection): Promise<number | null> {
  if ("leads" in selection) return new Set(selection.leads.map((l) => l.id)).size;
  if (selection.filter.q?.trim()) return null;
  return (await talliedSummary(db, selection.filter, selection.filter.view)).total;
}

/** Claims one running job whose process stopped renewing it; null when there is none (or another process took it). */
export async function claimLapsedBulkJob(db: Db): Promise<{ id: string; claimToken: string } | null> {
  const [row] = rowsOf<{ id: string; claim_token: string }>(
    await db.execute(sql`
      update ${leadBulkJob} set claim_token = gen_random_uuid(), claimed_until = now() + make_interval(secs => ${BULK_JOB_LEASE_MS / 1000})
      where id = (select id from ${leadBulkJob} where status = 'running' and claimed_until < now() order by claimed_until limit 1 for update skip locked)
      returning id, claim_token`),
  );
  return row ? { id: row.id, claimToken: row.claim_token } : null;
}

interface LeadState {
  id: string;
  version: number;
  fullName: string;
  email: string;
  leadOwner: string | null;
  priority: string;
  leadStage: string;
  leadStatus: string;
  batchName: string | null;
  saleAmount: number | null;
  collectedAmount: number | null;
  followUpDate: string | null;
}

/** Field → column and the SQL type its value is cast to. */
const COLUMNS: Record<string, [string, string]> = {
  leadOwner: ["lead_owner", "uuid"],
  priority: ["priority", "text"],
  leadStage: ["lead_stage", "text"],
  leadStatus: ["lead_status", "text"],
  batchName: ["batch_name", "text"],
  followUpDate: ["follow_up_date", "date"],
};

/** The fields the action sets on a lead (a batch name only with a Closed Won status). */
function changesOf(action: Exclude<BulkAction, { kind: "delete" }>): Record<string, string | null> {
  switch (action.kind) {
    case "owner":
      return { leadOwner: action.leadOwner };
    case "pipeline":
      return { leadStage: action.leadStage, leadStatus: action.leadStatus, ...(action.batchName && isClosedWon(action.leadStatus) ? { batchName: action.batchName } : {}) };
    case "priority":
      return { priority: action.priority };
    case "followUp":
      return { followUpDate: action.followUpDate };
  }
}

const shown = (value: unknown) => (value === null || value === undefined || value === "" ? null : String(value));

interface BatchOutcome {
  more: boolean;
  lost: boolean;
}

/** The job's claim went to another process (or the job ended) while a batch ran: the batch is rolled back. */
class ClaimLost extends Error {}

/** The leads a job's selection names: the selected ones, or the filter's. */
const selectionWhere = (selection: BulkSelection) =>
  "leads" in selection ? inArray(lead.id, selection.leads.map((l) => l.id)) : leadFilterSql(selection.filter, selection.filter.view);

/**
 * Lists the job's leads once, before its lanes start, in one statement with the total: newest first,
 * in chunks of `batchSize` ids dealt into the lanes in turn. Leads added after the job began are not
 * the selection the person saw. A resumed job finds its list made.
 */
async function listSelection(db: Db, jobId: string, batchSize: number): Promise<void> {
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [job] = await tx.select().from(leadBulkJob).where(eq(leadBulkJob.id, jobId)).for("update");
    if (!job || job.listedAt) return;
    const lanes = job.lanes.length;
    // 100,000 leads sorted newest first spilled to disk at the default 4 MB; their expressions compiled (JIT) for 11 ms.
    await tx.execute(sql`select set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`);
    const where = and(selectionWhere(job.selection), lte(lead.createdAt, job.startedAt));
    const [listed] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with numbered as (
          select ${lead.id} as id, row_number() over (order by ${lead.createdAt} desc, ${lead.id} desc) - 1 as n from ${lead} where ${where}),
        chunks as (
          insert into ${leadBulkItem} (job_id, lane, seq, lead_ids)
          select ${jobId}::uuid, chunk % ${lanes}, chunk / ${lanes} + 1, array_agg(id order by n)
          from (select id, n, n / ${batchSize} as chunk from numbered) c
          group by chunk
          returning 1)
        select (select count(*)::int from numbered) as n, (select count(*) from chunks) as chunks`),
    );
    // Selected leads deleted before the job began are counted as gone by its last batch.
    const total = "leads" in job.selection ? new Set(job.selection.leads.map((l) => l.id)).size : listed!.n;
    await tx.update(leadBulkJob).set({ total, listedAt: sql`now()` }).where(eq(leadBulkJob.id, jobId));
  });
}

/**
 * One batch of one lane in one transaction (see the top of the file). The job row is read without a
 * lock first and locked only after the leads are written, so the lanes write at the same time and
 * wait for each other only to add their counts. Returns whether the lane has leads left and whether
 * the claim was lost (another process holds the job now).
 */
async function runBatch(db: Db, jobId: string, claimToken: string, lane: number, actorStaffId: string | null): Promise<BatchOutcome> {
  const claimed = and(eq(leadBulkJob.id, jobId), eq(leadBulkJob.claimToken, claimToken), eq(leadBulkJob.status, "running"));
  return db
    .transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      const [job] = await tx.select().from(leadBulkJob).where(claimed);
      if (!job) return { more: false, lost: true };
      const mine = job.lanes[lane]!;
      if (mine.done) return { more: false, lost: false };
      const { selection, action } = job;
      const selected = "leads" in selection ? new Map(selection.leads.map((l) => [l.id, l.version])) : null;
      // The lane's next chunk of the list, then those of its leads still there (and, for a filter, still
      // matching it), read through the chunk in the database: not 5,000 ids sent back as parameters.
      const thisChunk = and(eq(leadBulkItem.jobId, jobId), eq(leadBulkItem.lane, lane), eq(leadBulkItem.seq, mine.after + 1));
      const [chunk] = await tx.select({ seq: leadBulkItem.seq, size: sql<number>`cardinality(${leadBulkItem.leadIds})` }).from(leadBulkItem).where(thisChunk);
      const rows: LeadState[] = chunk
        ? await tx
            .select({
              id: lead.id,
              version: lead.version,
              fullName: lead.fullName,
              email: lead.email,
              leadOwner: lead.leadOwner,
              priority: lead.priority,
              leadStage: lead.leadStage,
              leadStatus: lead.leadStatus,
              batchName: lead.batchName,
              saleAmount: lead.saleAmount,
              collectedAmount: lead.collectedAmount,
              followUpDate: lead.followUpDate,
            })
            .from(lead)
            .where(
              and(
                sql`${lead.id} in (select unnest(${leadBulkItem.leadIds}) from ${leadBulkItem} where ${thisChunk})`,
                // Selected leads were listed from the selection itself: their version is checked below.
                selected ? undefined : selectionWhere(selection),
              ),
            )
        : [];
      const listed = chunk?.size ?? 0;

      const reasons: Record<string, number> = {};
      const named: JobRow["skippedLeads"] = [];
      let skipped = 0;
      const skip = (row: LeadState, reason: string) => {
        skipped++;
        reasons[reason] = (reasons[reason] ?? 0) + 1;
        if (named.length < NAMED_SKIPS) named.push({ id: row.id, name: row.fullName || row.email, reason });
      };
      const changes = action.kind === "delete" ? {} : changesOf(action);
      const writes: { id: string; version: number }[] = [];
      const entries: { lead_id: string; field: string; from_value: string | null; to_value: string | null }[] = [];
      let unchanged = 0;
      for (const row of rows) {
        if (selected && selected.get(row.id) !== row.version) {
          skip(row, STALE_SELECTED);
          continue;
        }
        if (action.kind === "delete") {
          writes.push({ id: row.id, version: row.version });
          continue;
        }
        const broken = pipelineRuleBreak(row, changes as PipelineChanges);
        if (broken) {
          skip(row, broken.message);
          continue;
        }
        const differing = Object.entries(changes).filter(([field, value]) => shown(value) !== shown(row[field as keyof LeadState]));
        if (differing.length === 0) {
          unchanged++;
          continue;
        }
        writes.push({ id: row.id, version: row.version });
        for (const [field, value] of differing) entries.push({ lead_id: row.id, field, from_value: shown(row[field as keyof LeadState]), to_value: shown(value) });
      }

      const written = writes.length ? await write(tx, action, changes, writes, entries, actorStaffId) : new Set<string>();
      // A lead written between this batch's read and its write (its version moved): reported, not changed.
      for (const w of writes) if (!written.has(w.id)) skip(rows.find((row) => row.id === w.id)!, STALE_SELECTED);

      // Listed leads that were deleted, or that left the filter, before the change reached them.
      const left = listed - rows.length;
      if (left > 0) {
        skipped += left;
        const reason = selected ? GONE_SELECTED : LEFT_FILTER;
        reasons[reason] = (reasons[reason] ?? 0) + left;
      }

      // Now the job row, locked: its counts as the other lanes left them.
      const [now] = await tx.select().from(leadBulkJob).where(claimed).for("update");
      if (!now) throw new ClaimLost();
      // A lane ends with the batch that finds no chunk left.
      const more = !!chunk;
      const lanes = now.lanes.map((state, index) => (index === lane ? { after: chunk?.seq ?? state.after, done: !more } : state));
      const finished = lanes.every((state) => state.done);
      let processed = now.processed + listed;
      for (const [reason, count] of Object.entries(now.skipReasons)) reasons[reason] = (reasons[reason] ?? 0) + count;
      const total = now.total ?? processed;
      if (finished && selected && total > processed) {
        // Selected leads deleted before the job began were never listed.
        const gone = total - processed;
        skipped += gone;
        reasons[GONE_SELECTED] = (reasons[GONE_SELECTED] ?? 0) + gone;
        processed += gone;
      }
      if (finished) await tx.delete(leadBulkItem).where(eq(leadBulkItem.jobId, jobId));
      await tx
        .update(leadBulkJob)
        .set({
          total,
          processed,
          changed: now.changed + written.size,
          unchanged: now.unchanged + unchanged,
          skipped: now.skipped + skipped,
          skipReasons: reasons,
          skippedLeads: [...now.skippedLeads, ...named].slice(0, NAMED_SKIPS),
          lanes,
          claimedUntil: sql`now() + make_interval(secs => ${BULK_JOB_LEASE_MS / 1000})`,
          ...(finished ? { status: "done" as const, finishedAt: sql`now()` } : {}),
        })
        .where(eq(leadBulkJob.id, jobId));
      return { more, lost: false };
    })
    .catch((error: unknown) => {
      if (error instanceof ClaimLost) return { more: false, lost: true };
      throw error;
    });
}

/**
 * A new stage and status change the lead's score: worked out in the same UPDATE from the facts the lead
 * keeps (migration 0029), so no lead is written a second time, and the activity trigger does not rescore
 * it from its engagements (migration 0033). A lead never scored keeps its score (null) until the trigger
 * scores it.
 */
const rescored = (action: Extract<BulkAction, { kind: "pipeline" }>) =>
  sql`(score_key, score_facts) = (select key, facts from (
      select k.key, k.facts, 0 as rank from lead_score_keyed(lead.score_facts, ${action.leadStage}::text, ${action.leadStatus}::text, lead.latest_call_date) k
      union all select lead.score_key, lead.score_facts, 1) scored order by rank limit 1), `;

/**
 * Changes (or deletes) the batch's leads whose version is still the one read, and writes one activity
 * record per changed field of each, in one statement. Returns the ids written.
 */
async function write(
  tx: Db,
  action: BulkAction,
  changes: Record<string, string | null>,
  writes: { id: string; version: number }[],
  entries: { lead_id: string; field: string; from_value: string | null; to_value: string | null }[],
  actorStaffId: string | null,
): Promise<Set<string>> {
  const batch = sql`select * from json_to_recordset(${JSON.stringify(writes)}::json) as b(id uuid, version integer)`;
  const statement =
    action.kind === "delete"
      ? sql`with b as (${batch}) delete from ${lead} using b where lead.id = b.id and lead.version = b.version returning lead.id`
      : sql`with b as (${batch}),
          u as (
            update ${lead} set ${sql.join(
              Object.entries(changes).map(([field, value]) => sql`${sql.raw(COLUMNS[field]![0])} = ${value}::${sql.raw(COLUMNS[field]![1])}`),
              sql`, `,
            )}, ${action.kind === "pipeline" ? rescored(action) : sql``}version = lead.version + 1, updated_at = now()
            from b where lead.id = b.id and lead.version = b.version returning lead.id),
          logged as (
            insert into lead_change (lead_id, staff_id, kind, field, from_value, to_value)
            select c.lead_id, ${actorStaffId}::uuid, 'edit', c.field, c.from_value, c.to_value
            from json_to_recordset(${JSON.stringify(entries)}::json) as c(lead_id uuid, field text, from_value text, to_value text)
            join u on u.id = c.lead_id)
          select id from u`;
  // The new scores are in the UPDATE (or unchanged): the activity's trigger scores only leads never scored
  // (migration 0033). No JIT: compiling the statement's expressions took 30 ms of each batch's 0.8 s.
  await tx.execute(sql`select set_config('crm.scored_in_write', 'on', true), set_config('jit', 'off', true)`);
  const rows = rowsOf<{ id: string }>(await tx.execute(statement));
  return new Set(rows.map((row) => row.id));
}

export interface RunOptions {
  batchSize: number;
  /** Aborted when the server closes: the job stops after its batch and its claim is handed back for another process. */
  signal: AbortSignal;
  /** Called after each batch (tests stop a job part way with it). */
  afterBatch?: () => void;
  log?: { error: (object: object, message: string) => void };
}

/**
 * Runs a claimed job to its end in this process, its lanes side by side. Never throws: a failure is
 * the job's `error`. When stopped by `signal` the job stays running with its claim released, so
 * another process resumes it.
 */
export async function runBulkJob(db: Db, jobId: string, claimToken: string, options: RunOptions): Promise<void> {
  const [job] = await db.select({ startedBy: leadBulkJob.startedBy, lanes: leadBulkJob.lanes }).from(leadBulkJob).where(eq(leadBulkJob.id, jobId));
  if (!job) return;
  const renew = setInterval(() => {
    db.update(leadBulkJob)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${BULK_JOB_LEASE_MS / 1000})` })
      .where(and(eq(leadBulkJob.id, jobId), eq(leadBulkJob.claimToken, claimToken), eq(leadBulkJob.status, "running")))
      .catch(() => undefined); // the next batch renews it too
  }, RENEW_EVERY_MS);
  renew.unref();
  try {
    await listSelection(db, jobId, options.batchSize);
    // A lane that fails stops the others after their batch: the job then fails once.
    const halt = new AbortController();
    const lanes = job.lanes.flatMap((state, lane) => (state.done ? [] : [lane]));
    const ends = await Promise.allSettled(lanes.map((lane) => runLane(db, jobId, claimToken, lane, job.startedBy, options, halt)));
    const failed = ends.find((end) => end.status === "rejected");
    if (failed) throw failed.reason;
    if (options.signal.aborted) {
      await db
        .update(leadBulkJob)
        .set({ claimedUntil: sql`now() - interval '1 second'` })
        .where(and(eq(leadBulkJob.id, jobId), eq(leadBulkJob.claimToken, claimToken)));
    }
  } catch (error) {
    options.log?.error({ err: error, jobId }, "Bulk change failed");
    await db
      .update(leadBulkJob)
      .set({ status: "failed", error: FAILED_ERROR, finishedAt: sql`now()` })
      .where(and(eq(leadBulkJob.id, jobId), eq(leadBulkJob.claimToken, claimToken)))
      .then(() => db.delete(leadBulkItem).where(eq(leadBulkItem.jobId, jobId)))
      .catch(() => undefined); // the claim lapses and another process resumes it
  } finally {
    clearInterval(renew);
  }
}

/** One lane's batches until it ends, the claim is lost, the server stops or another lane failed. */
async function runLane(db: Db, jobId: string, claimToken: string, lane: number, actor: string | null, options: RunOptions, halt: AbortController): Promise<void> {
  for (;;) {
    let outcome: BatchOutcome;
    try {
      // A batch that lost a deadlock (another job, the rescoring, rewriting some of its leads) or met a
      // busy database rolled back whole: it is run again, a few times, before the job gives up.
      outcome = await retryWhenBusy(() => runBatch(db, jobId, claimToken, lane, actor), BUSY_RETRIES + 1);
    } catch (error) {
      halt.abort();
      throw error;
    }
    leadsChanged();
    options.afterBatch?.();
    if (!outcome.more || outcome.lost || options.signal.aborted || halt.signal.aborted) return;
  }
}
