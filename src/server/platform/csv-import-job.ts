import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { csvImportJob, staff } from "../db/schema";
import { CSV_IMPORT, IMPORT_RUNNING, receiveCsvUpload, type CsvUploadRules } from "./csv-import";
import { AppError, databaseAppError } from "./errors";
import type { RunExclusive } from "./exclusive";

/**
 * The one pipeline of a staff CSV import (the CRM's and the simulation reports'): the upload is
 * received and checked as it arrives (csv-import.ts), then its rows are written as a claimed
 * background job (ARCHITECTURE.md principle 7) whose row says how many rows are written so far.
 *
 * An API client that posts the file gets the import's result when it is done (200), as before. A
 * client that says `Prefer: respond-async` (RFC 7240, what the browser sends) gets 202 with the job
 * once the file has been received and checked, and follows it with GET …/{id}; the writing goes on
 * whether or not anyone watches. One import runs at a time in all processes (the imports' lock,
 * exclusive.ts, held for the whole job); the job row's claim is renewed while it writes, so a reader
 * in any process sees a job whose process died as failed.
 */
export type CsvImportKind = (typeof csvImportJob.$inferSelect)["kind"];

export interface CsvImportJobView<R> {
  id: string;
  status: "running" | "done" | "failed";
  /** Data rows in the file (the header not counted). */
  rowsTotal: number;
  /** Rows settled so far: written, found unchanged, or rejected. */
  rowsDone: number;
  result: R | null;
  error: string | null;
  startedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface CsvImportSpec<R> {
  kind: CsvImportKind;
  rules: CsvUploadRules;
  staffId: string;
  /** Writes the rows (header first, a chunk at a time); calls `progress` with the rows settled so far as batches are written. */
  write: (records: AsyncIterable<string[][]>, progress: (rowsDone: number) => void) => Promise<R>;
}

export const CSV_IMPORT_LEASE_MS = 60_000;
/** Well inside the lease, so a slow batch does not lose the claim. */
const RENEW_EVERY_MS = 15_000;
/** Progress is written at most this often (and always at the end). */
export const PROGRESS_EVERY_MS = 250;

const LAPSED_ERROR = "The server running this import stopped before it finished. Rows written so far are kept; import the same file again to finish (rows already written are matched, never duplicated).";
const SHUTDOWN_ERROR = "The server was shut down before this import finished. Rows written so far are kept; import the same file again to finish (rows already written are matched, never duplicated).";
const RESUMING = "An import stopped by a server restart is being resumed; try again when it has finished";
const RESUME_LATER = "The server is shutting down; the import resumes where it stopped when the server starts again";
const RESUME_SOON = "The database is busy; the import resumes where it stopped in a few seconds";
const FAILED_ERROR = "The import stopped on an error. Rows written so far are kept; import the same file again to finish (rows already written are matched, never duplicated).";

/** Raised between rows when the server is shutting down. */
class ImportStopped extends Error {}

export const claimFor = () => sql`now() + make_interval(secs => ${CSV_IMPORT_LEASE_MS / 1000})`;

const columns = {
  id: csvImportJob.id,
  status: csvImportJob.status,
  rowsTotal: csvImportJob.rowsTotal,
  rowsDone: csvImportJob.rowsDone,
  result: csvImportJob.result,
  error: csvImportJob.error,
  startedBy: staff.name,
  startedAt: csvImportJob.startedAt,
  finishedAt: csvImportJob.finishedAt,
};

type JobRow = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] | null } & { startedAt: Date; id: string };

function toView<R>(row: JobRow): CsvImportJobView<R> {
  return {
    id: row.id,
    status: row.status!,
    rowsTotal: row.rowsTotal!,
    rowsDone: row.rowsDone!,
    result: (row.result ?? null) as R | null,
    error: row.error,
    startedBy: row.startedBy,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * A job a restarted server resumes from its checkpoint (stored-import-job.ts): an import (not a dry
 * run) whose file is kept in the database.
 */
export const RESUMABLE = sql`(${csvImportJob.uploadId} is not null and not ${csvImportJob.dryRun})`;

/** One statement: a running job whose claim lapsed is failed (its process died), unless another process will resume it. */
async function failLapsedJobs(db: Db): Promise<void> {
  await db
    .update(csvImportJob)
    .set({ status: "failed", error: LAPSED_ERROR, finishedAt: sql`now()` })
    .where(sql`${csvImportJob.status} = 'running' and ${csvImportJob.claimedUntil} < now() and not ${RESUMABLE}`);
}

const selectJobs = (db: Db) => db.select(columns).from(csvImportJob).leftJoin(staff, eq(staff.id, csvImportJob.startedBy));

export async function readCsvImportJob<R>(db: Db, kind: CsvImportKind, id: string): Promise<CsvImportJobView<R>> {
  await failLapsedJobs(db);
  const [row] = await selectJobs(db).where(and(eq(csvImportJob.id, id), eq(csvImportJob.kind, kind)));
  if (!row) throw new AppError("not_found", "Import not found");
  return toView<R>(row as JobRow);
}

/** The newest import of this kind (running or finished), for a page opened while one runs; null before any. */
export async function latestCsvImportJob<R>(db: Db, kind: CsvImportKind): Promise<CsvImportJobView<R> | null> {
  await failLapsedJobs(db);
  // A dry run is followed by the one who asked for it; the latest import is what was written.
  const [row] = await selectJobs(db).where(and(eq(csvImportJob.kind, kind), eq(csvImportJob.dryRun, false))).orderBy(desc(csvImportJob.startedAt)).limit(1);
  return row ? toView<R>(row as JobRow) : null;
}

/** The running job of this kind whose file has this SHA-256, if any (a stored import's file, stored-import-job.ts). */
export async function runningJobOfFile<R>(db: Db, kind: CsvImportKind, sha256: string): Promise<CsvImportJobView<R> | null> {
  const [row] = await selectJobs(db).where(and(eq(csvImportJob.kind, kind), eq(csvImportJob.status, "running"), eq(csvImportJob.fileSha256, sha256))).limit(1);
  return row ? toView<R>(row as JobRow) : null;
}

/** Whether the client asked to follow the import instead of waiting for it (RFC 7240 `Prefer: respond-async`). */
export const wantsAsync = (request: FastifyRequest) => /(^|[\s,;])respond-async([\s,;]|$)/i.test(String(request.headers.prefer ?? ""));

/** The imports of one server: runs them and, on close, stops them between rows and waits for them. */
export class CsvImportJobs {
  protected readonly shutdown = new AbortController();
  private readonly runs = new Set<Promise<unknown>>();

  constructor(
    protected readonly db: Db,
    protected readonly exclusive: RunExclusive,
    protected readonly log: FastifyBaseLogger,
  ) {}

  async close(): Promise<void> {
    this.shutdown.abort();
    await Promise.allSettled([...this.runs]);
  }

  /** Keeps `run` until it settles, so close() waits for it. */
  protected track(run: Promise<unknown>): void {
    const tracked = run.catch(() => undefined).finally(() => this.runs.delete(tracked));
    this.runs.add(tracked);
  }

  /** POST of an import: receive and check the file, claim the import, then answer 200 with the result or 202 with the job. */
  async handle<R>(request: FastifyRequest, reply: FastifyReply, spec: CsvImportSpec<R>): Promise<R | CsvImportJobView<R>> {
    const file = await receiveCsvUpload(request, spec.rules);
    const started = this.start<R>(async (announce) => {
      const job = await this.claim<R>({ kind: spec.kind, startedBy: spec.staffId, rowsTotal: file.rows });
      announce(job);
      return this.write<R>(job.id, file.rows, (progress, stop) => spec.write(stop(file.records()), progress));
    }, file.dispose);
    return this.answer(request, reply, await started, `${request.url.split("?")[0]}/`);
  }

  /** 200 with the result once done, or (Prefer: respond-async) 202 with the job, followed at `followAt` + id. */
  protected answer<R>(request: FastifyRequest, reply: FastifyReply, { job, finished }: { job: CsvImportJobView<R>; finished: Promise<R> }, followAt: string): Promise<R> | CsvImportJobView<R> {
    if (!wantsAsync(request)) return finished;
    finished.catch((error: unknown) => request.log.warn({ err: error, jobId: job.id }, "CSV import failed"));
    reply.status(202).header("location", `${followAt}${job.id}`).header("preference-applied", "respond-async");
    return job;
  }

  /**
   * Under the imports' lock (409 while another runs): `run` claims the job, announces it, and writes;
   * answers once the job is claimed. `dispose` runs when the job ends or is refused.
   */
  protected async start<R>(run: (announce: (job: CsvImportJobView<R>) => void) => Promise<R>, dispose?: () => Promise<void>): Promise<{ job: CsvImportJobView<R>; finished: Promise<R> }> {
    let announce: (job: CsvImportJobView<R>) => void = () => {};
    let refuse: (error: unknown) => void = () => {};
    const claimed = new Promise<CsvImportJobView<R>>((resolve, reject) => ((announce = resolve), (refuse = reject)));
    const finished = this.exclusive(CSV_IMPORT, IMPORT_RUNNING, () => run(announce)).finally(() => dispose?.());
    // Refused (409) or failed before the claim: the caller hears it; after the claim this is a no-op.
    finished.catch(refuse);
    this.track(finished);
    return { job: await claimed, finished };
  }

  /**
   * Inside the imports' lock: any job still marked running belongs to a process that died; it is
   * failed, unless a server will resume it (then this import waits its turn: 409).
   */
  protected async claim<R>(values: Omit<typeof csvImportJob.$inferInsert, "claimedUntil">): Promise<CsvImportJobView<R>> {
    await this.db
      .update(csvImportJob)
      .set({ status: "failed", error: LAPSED_ERROR, finishedAt: sql`now()` })
      .where(sql`${csvImportJob.status} = 'running' and not ${RESUMABLE}`);
    const [row] = await this.db
      .insert(csvImportJob)
      .values({ ...values, claimedUntil: claimFor() })
      .onConflictDoNothing()
      .returning({ id: csvImportJob.id });
    if (!row) throw new AppError("conflict", RESUMING, undefined, 30);
    return readCsvImportJob<R>(this.db, values.kind, row.id);
  }

  /**
   * Runs a claimed job's `work` to its end: renews the claim, writes progress, and records how it
   * ended. `resumable`: a job a restarted server resumes (stored-import-job.ts) is left running at
   * shutdown rather than failed.
   */
  protected async write<R>(
    jobId: string,
    rowsTotal: number,
    work: (progress: (rowsDone: number) => void, stop: <T>(records: AsyncIterable<T>) => AsyncIterable<T>) => Promise<R>,
    resumable = false,
  ): Promise<R> {
    const db = this.db;
    const thisJob = sql`${csvImportJob.id} = ${jobId} and ${csvImportJob.status} = 'running'`;
    const renew = setInterval(() => {
      db.update(csvImportJob).set({ claimedUntil: claimFor() }).where(thisJob).catch(() => undefined); // the next renewal tries again
    }, RENEW_EVERY_MS);
    renew.unref();
    // One progress write at a time, at most every PROGRESS_EVERY_MS; the same statement renews the claim.
    let writing: Promise<unknown> | null = null;
    let lastWrite = 0;
    const progress = (rowsDone: number) => {
      if (writing || Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      writing = db
        .update(csvImportJob)
        .set({ rowsDone: Math.min(rowsDone, rowsTotal), claimedUntil: claimFor() })
        .where(thisJob)
        .catch(() => undefined)
        .finally(() => (writing = null));
    };
    try {
      const signal = this.shutdown.signal;
      const result = await work(progress, (records) => stoppable(records, signal));
      await writing;
      await db.update(csvImportJob).set({ status: "done", rowsDone: rowsTotal, result, finishedAt: sql`now()` }).where(thisJob);
      return result;
    } catch (error) {
      await writing;
      const busy = databaseAppError(error)?.code === "unavailable";
      if (resumable && (error instanceof ImportStopped || busy)) {
        // Left running from its checkpoint, its claim let go: the next server to start resumes it
        // (a database too busy to answer in time, on a loaded machine, is a pause, not a failure).
        if (busy) this.log.warn({ err: error, jobId }, "Import paused: the database is busy; it resumes from its checkpoint");
        await db.update(csvImportJob).set({ claimedUntil: sql`now()` }).where(thisJob).catch(() => undefined);
        throw new AppError("unavailable", busy ? RESUME_SOON : RESUME_LATER);
      }
      const message = error instanceof ImportStopped ? SHUTDOWN_ERROR : error instanceof AppError ? error.message : FAILED_ERROR;
      if (!(error instanceof ImportStopped) && !(error instanceof AppError)) this.log.error({ err: error, jobId }, "CSV import failed");
      await db
        .update(csvImportJob)
        .set({ status: "failed", error: message, finishedAt: sql`now()` })
        .where(thisJob)
        .catch(() => undefined); // the claim lapses and the next reader marks it failed
      throw error instanceof ImportStopped ? new AppError("unavailable", SHUTDOWN_ERROR) : error;
    } finally {
      clearInterval(renew);
    }
  }
}

/** The rows' chunks, stopping between two of them once the server shuts down (each batch already written stays whole). */
async function* stoppable<T>(records: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  for await (const record of records) {
    if (signal.aborted) throw new ImportStopped();
    yield record;
  }
}
