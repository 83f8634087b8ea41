import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { groupIndian } from "~/shared/format-number";
import { rowsOf } from "../db/client";
import { csvImportJob } from "../db/schema";
import { CSV_IMPORT, IMPORT_RUNNING } from "./csv-import";
import { claimFor, CsvImportJobs, RESUMABLE, runningJobOfFile, type CsvImportJobView, type CsvImportKind } from "./csv-import-job";
import { AppError } from "./errors";
import { deleteUpload, pruneUploads } from "./import-upload";

/**
 * Imports of a file kept in the database (import-upload.ts; issue 23 §5), as claimed background
 * jobs (ARCHITECTURE.md principles 7 and 8). Beside what every import job does (csv-import-job.ts),
 * such a job records a checkpoint as it goes (the rows settled, the result then), and a server that
 * starts — or any server, every few seconds — resumes a job whose process died from that checkpoint:
 * the imports' lock (exclusive.ts) is free only when no process runs an import, so a running job
 * found then is an orphan, claimed with `for update skip locked`. A dry run (nothing written) is a job
 * too; it is not resumed (running it again is as quick). One file is imported once at a time: a second
 * start of the same file (by its SHA-256) is refused, naming the import that runs.
 */
export type StoredJob = typeof csvImportJob.$inferSelect;

export interface StoredJobHooks<R> {
  progress: (rowsDone: number) => void;
  /** Wraps the rows so the job stops between two of them when the server shuts down. */
  stop: <T>(records: AsyncIterable<T>) => AsyncIterable<T>;
  /** Set when the job resumes: the rows settled before and the result then. */
  resumeFrom?: { row: number; result: R };
  checkpoint: { every: number; save: (row: number, result: R) => Promise<void> };
}

/** Writes a stored job's rows (each kind registers one, so a restarted server can resume any job). */
export type StoredJobWriter<R> = (job: StoredJob, hooks: StoredJobHooks<R>) => Promise<R>;

export interface StoredImportSpec {
  kind: CsvImportKind;
  staffId: string;
  upload: { id: string; sha256: string; rows: number };
  mapping: Record<string, number | null>;
  dryRun: boolean;
  /** Where the job is followed (GET followAt + id). */
  followAt: string;
}

/** How often each server looks for a stopped import to resume (and prunes day-old uploads). */
export const RESUME_EVERY_MS = 5_000;

export const sameFileRunning = (job: CsvImportJobView<unknown>) =>
  `This file is already being imported (started by ${job.startedBy ?? "a former staff member"}; ${groupIndian(job.rowsDone)} of ${groupIndian(job.rowsTotal)} rows written). ` +
  "Its progress shows under Import CSV Data; importing it again once it has finished changes nothing.";

export class StoredImportJobs extends CsvImportJobs {
  private readonly writers = new Map<CsvImportKind, { writer: StoredJobWriter<unknown>; checkpointEvery: number }>();
  private timer: NodeJS.Timeout | null = null;
  private looking = false;

  /** Registers how jobs of `kind` are written; a checkpoint every `checkpointEvery` rows. */
  register<R>(kind: CsvImportKind, writer: StoredJobWriter<R>, checkpointEvery: number): void {
    this.writers.set(kind, { writer: writer as StoredJobWriter<unknown>, checkpointEvery });
  }

  /** Looks for stopped imports now and every RESUME_EVERY_MS, until close. */
  startResuming(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.resumeStopped(), RESUME_EVERY_MS);
    this.timer.unref();
    void this.resumeStopped();
  }

  override async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await super.close();
  }

  /** Starts a dry run or an import of a stored file: 202 with the job (Prefer: respond-async) or 200 with the result. */
  async startStored<R>(request: FastifyRequest, reply: FastifyReply, spec: StoredImportSpec): Promise<R | CsvImportJobView<R>> {
    const same = await runningJobOfFile<R>(this.db, spec.kind, spec.upload.sha256);
    if (same) throw new AppError("conflict", sameFileRunning(same), { file: sameFileRunning(same) }, 30);
    const started = this.start<R>(async (announce) => {
      const job = await this.claim<R>({
        kind: spec.kind,
        startedBy: spec.staffId,
        rowsTotal: spec.upload.rows,
        uploadId: spec.upload.id,
        fileSha256: spec.upload.sha256,
        mapping: spec.mapping,
        dryRun: spec.dryRun,
      });
      announce(job);
      return this.runStored<R>(job.id);
    });
    return this.answer(request, reply, await started, spec.followAt);
  }

  /** Resumes the oldest stopped import, if any and if no process runs an import (the lock says so). */
  async resumeStopped(): Promise<void> {
    if (this.looking || this.shutdown.signal.aborted) return;
    this.looking = true;
    try {
      await pruneUploads(this.db);
      const [stopped] = await this.db.select({ id: csvImportJob.id }).from(csvImportJob).where(sql`${csvImportJob.status} = 'running' and ${RESUMABLE}`).limit(1);
      if (!stopped) return;
      const run = this.exclusive(CSV_IMPORT, IMPORT_RUNNING, async () => {
        const [claimed] = rowsOf<{ id: string }>(
          await this.db.execute(sql`
            update ${csvImportJob} set claimed_until = ${claimFor()}
            where id = (select id from ${csvImportJob} where status = 'running' and ${RESUMABLE} order by started_at limit 1 for update skip locked)
            returning id`),
        );
        if (!claimed) return;
        this.log.info({ jobId: claimed.id }, "Resuming an import stopped by a server restart");
        await this.runStored(claimed.id);
      });
      this.track(run);
      await run;
    } catch (error) {
      // Another process runs an import (its own or this one, resumed there): nothing to do here.
      if (!(error instanceof AppError && error.code === "conflict")) this.log.warn({ err: error }, "Resuming a stopped import failed");
    } finally {
      this.looking = false;
    }
  }

  /** Runs a claimed stored job from its checkpoint to its end; an import's file is removed once it is done. */
  private async runStored<R>(jobId: string): Promise<R> {
    const [job] = await this.db.select().from(csvImportJob).where(eq(csvImportJob.id, jobId));
    const registered = job && this.writers.get(job.kind);
    if (!job || !registered) throw new AppError("invalid", "This import cannot be run here");
    const writer = registered.writer as StoredJobWriter<R>;
    const save = async (row: number, result: R) => {
      await this.db
        .update(csvImportJob)
        .set({ resumeRow: row, partial: result, rowsDone: row, claimedUntil: claimFor() })
        .where(sql`${csvImportJob.id} = ${jobId} and ${csvImportJob.status} = 'running'`);
    };
    const resumeFrom = job.resumeRow > 0 && job.partial ? { row: job.resumeRow, result: job.partial as R } : undefined;
    const result = await this.write<R>(
      jobId,
      job.rowsTotal,
      (progress, stop) => writer(job, { progress, stop, resumeFrom, checkpoint: { every: registered.checkpointEvery, save } }),
      !job.dryRun,
    );
    if (!job.dryRun && job.uploadId) await deleteUpload(this.db, job.uploadId);
    return result;
  }
}
