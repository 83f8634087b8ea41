import { desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { FixDuplicatesJob } from "~/shared/schemas/crm";
import type { Db } from "../../db/client";
import { leadMergeJob, staff } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { fixDuplicates, type MergeProgress } from "./merge";

/**
 * Fix Duplicates as a claimed background job (ARCHITECTURE.md principle 7, the pattern of the mail
 * outbox's claims): the row says who runs it until when (`claimed_until`), its process renews that
 * claim while it works, and a run whose claim lapsed (its process died) is marked failed by the next
 * caller that looks, which also frees the slot for a new start.
 */
export const MERGE_JOB_LEASE_MS = 60_000;
/** Well inside the lease, so a busy event loop or a slow statement does not lose the claim. */
const RENEW_EVERY_MS = 15_000;
/** Progress is written at most this often while merging (and always at a phase change and the end). */
const PROGRESS_EVERY_MS = 250;

const LAPSED_ERROR = "The server running it stopped before it finished. Start Fix Duplicates again.";
const FAILED_ERROR = "Fix Duplicates stopped on an error; the groups merged so far stay merged. Try again.";
const SHUTDOWN_ERROR = "The server was shut down before it finished. Start Fix Duplicates again.";

const jobColumns = {
  id: leadMergeJob.id,
  status: leadMergeJob.status,
  phase: leadMergeJob.phase,
  groupsFound: leadMergeJob.groupsFound,
  groupsMerged: leadMergeJob.groupsMerged,
  merged: leadMergeJob.merged,
  updatedLeads: leadMergeJob.updatedLeads,
  cancelRequested: leadMergeJob.cancelRequested,
  error: leadMergeJob.error,
  startedBy: staff.name,
  startedAt: leadMergeJob.startedAt,
  finishedAt: leadMergeJob.finishedAt,
};

type JobRow = Omit<FixDuplicatesJob, "startedAt" | "finishedAt"> & { startedAt: Date; finishedAt: Date | null };
const toJob = (row: JobRow): FixDuplicatesJob => ({ ...row, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null });

/** One statement: a running job whose claim lapsed is failed, so the slot is free again. */
async function failLapsedJobs(db: Db): Promise<void> {
  await db
    .update(leadMergeJob)
    .set({ status: "failed", error: LAPSED_ERROR, finishedAt: sql`now()` })
    .where(sql`${leadMergeJob.status} = 'running' and ${leadMergeJob.claimedUntil} < now()`);
}

function selectJobs(db: Db) {
  return db.select(jobColumns).from(leadMergeJob).leftJoin(staff, eq(staff.id, leadMergeJob.startedBy));
}

export async function readMergeJob(db: Db, id: string): Promise<FixDuplicatesJob> {
  await failLapsedJobs(db);
  const [row] = await selectJobs(db).where(eq(leadMergeJob.id, id));
  if (!row) throw new AppError("not_found", "Fix Duplicates job not found");
  return toJob(row);
}

/** The newest run (running or finished), for a page that opens while one runs; null before any. */
export async function latestMergeJob(db: Db): Promise<FixDuplicatesJob | null> {
  await failLapsedJobs(db);
  const [row] = await selectJobs(db).orderBy(desc(leadMergeJob.startedAt)).limit(1);
  return row ? toJob(row) : null;
}

/**
 * Claims the one running slot: the insert itself is refused by the unique index over running jobs, so
 * two starts at once cannot both succeed. A refused start is a 409 naming the job that runs.
 */
export async function claimMergeJob(db: Db, staffId: string): Promise<FixDuplicatesJob> {
  await failLapsedJobs(db);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [claimed] = await db
      .insert(leadMergeJob)
      .values({ startedBy: staffId, claimedUntil: sql`now() + make_interval(secs => ${MERGE_JOB_LEASE_MS / 1000})` })
      .onConflictDoNothing()
      .returning({ id: leadMergeJob.id });
    if (claimed) return readMergeJob(db, claimed.id);
    const [running] = await selectJobs(db).where(eq(leadMergeJob.status, "running"));
    // The running job finished between the insert and this read: the slot is free, try again.
    if (!running) continue;
    throw new AppError("conflict", `Fix Duplicates is already running (job ${running.id}, started by ${running.startedBy ?? "a former staff member"})`, undefined, 5);
  }
  throw new AppError("conflict", "Fix Duplicates is starting and finishing too quickly to claim; try again", undefined, 5);
}

/** Asks a running job to stop; it stops after the group it is merging. A finished job is answered as it is. */
export async function cancelMergeJob(db: Db, id: string): Promise<FixDuplicatesJob> {
  await db.update(leadMergeJob).set({ cancelRequested: true }).where(sql`${leadMergeJob.id} = ${id} and ${leadMergeJob.status} = 'running'`);
  return readMergeJob(db, id);
}

/**
 * Runs a claimed job to its end in this process, outside any transaction but each merge's own:
 * renews the claim, writes progress, stops when cancelled (from any process) or when `shutdown` is
 * aborted, and records how it ended. Never throws: a failure is the job's `error`.
 */
export async function runMergeJob(db: Db, jobId: string, staffId: string, shutdown: AbortSignal, log: FastifyBaseLogger): Promise<void> {
  const claim = sql`now() + make_interval(secs => ${MERGE_JOB_LEASE_MS / 1000})`;
  const renew = setInterval(() => {
    db.update(leadMergeJob)
      .set({ claimedUntil: claim })
      .where(sql`${leadMergeJob.id} = ${jobId} and ${leadMergeJob.status} = 'running'`)
      .catch(() => undefined); // the next renewal or progress write tries again
  }, RENEW_EVERY_MS);
  renew.unref();
  let lastWrite = 0;
  let lastPhase: "finding" | "merging" = "finding";
  const counters = (p: MergeProgress) => ({ groupsFound: p.groupsFound, groupsMerged: p.groupsMerged, merged: p.merged, updatedLeads: p.updatedLeads });
  // Written when the phase changes and at most every PROGRESS_EVERY_MS; the same statement renews the
  // claim and reads the cancel flag, so cancelling costs no extra query per group.
  const onProgress = async (p: MergeProgress): Promise<boolean> => {
    if (shutdown.aborted) return true;
    const phase = p.groupsFound === null ? "finding" : "merging";
    if (phase === lastPhase && Date.now() - lastWrite < PROGRESS_EVERY_MS) return false;
    lastPhase = phase;
    lastWrite = Date.now();
    const [row] = await db
      .update(leadMergeJob)
      .set({ ...counters(p), phase, claimedUntil: claim })
      .where(eq(leadMergeJob.id, jobId))
      .returning({ cancelRequested: leadMergeJob.cancelRequested });
    return row?.cancelRequested ?? true;
  };
  try {
    const result = await fixDuplicates(db, staffId, onProgress);
    const status = !result.stopped ? "done" : shutdown.aborted ? "failed" : "cancelled";
    await db
      .update(leadMergeJob)
      .set({ ...counters(result), phase: result.groupsFound === null ? "finding" : "merging", status, error: status === "failed" ? SHUTDOWN_ERROR : null, finishedAt: sql`now()` })
      .where(eq(leadMergeJob.id, jobId));
  } catch (error) {
    log.error({ err: error, jobId }, "Fix Duplicates failed");
    await db
      .update(leadMergeJob)
      .set({ status: "failed", error: FAILED_ERROR, finishedAt: sql`now()` })
      .where(eq(leadMergeJob.id, jobId))
      .catch(() => undefined); // the claim lapses and the next caller marks it failed
  } finally {
    clearInterval(renew);
  }
}
