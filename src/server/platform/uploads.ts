import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { clientIp } from "./client-ip";
import { AppError } from "./errors";

/**
 * Uploads in progress (résumés, images) and where their files wait. A file is never held in memory
 * while it arrives: `readMultipart` writes each file part to a file of its own in `spoolDir` as it
 * comes (one chunk in memory per upload), and the bytes are read back only once the whole form has
 * arrived and passed its checks, right before they are checked by content and stored, at most
 * `inMemory` files at a time in the process. The files of a request are removed when its answer has
 * gone out or its client has gone, whichever way it ended (stored, refused, cut off).
 *
 * How many uploads may be in progress is capped per client address (a slow client cannot hold every
 * slot) and per process (the disk and the store stay bounded), before a byte of the body is read.
 */
export interface UploadLimits {
  /** Uploads one client address may have in progress at once; one more is answered 429. */
  perClient: number;
  /** Uploads the process takes at once from everyone together; one more is answered 503. */
  total: number;
  /** Accepted files read back into memory at once, to be checked and stored (a 5 MB résumé each). */
  inMemory: number;
  /** Where files wait until their form is accepted (under TMPDIR by default: keep it on disk, not tmpfs). */
  spoolDir: string;
}

export const UPLOAD_LIMITS: UploadLimits = {
  perClient: 3,
  total: 64,
  inMemory: 4,
  spoolDir: path.join(tmpdir(), "founders-find-uploads"),
};

/**
 * The limits for a database engine: PGlite runs one statement at a time, so a second file read back
 * while one is being stored would only wait in memory; PostgreSQL stores several at once.
 */
export function uploadLimitsFor(engine: "pglite" | "postgres"): UploadLimits {
  return engine === "pglite" ? { ...UPLOAD_LIMITS, inMemory: 1 } : UPLOAD_LIMITS;
}

/** A spooled file older than this belongs to no request any more (a request lasts at most 5 minutes). */
const STALE_SPOOL_MS = 60 * 60 * 1000;

/**
 * Removes the spooled files a killed process left behind (a file outlives its request only then).
 * Only files older than any request can be: other processes may share the folder.
 */
export async function sweepStaleSpool(spoolDir: string, olderThanMs = STALE_SPOOL_MS): Promise<number> {
  let names: string[];
  try {
    names = await readdir(spoolDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith(".part"))) {
    const file = path.join(spoolDir, name);
    try {
      if (Date.now() - (await stat(file)).mtimeMs < olderThanMs) continue;
      await rm(file, { force: true });
      removed++;
    } catch {
      // Removed meanwhile by its own request.
    }
  }
  return removed;
}

/** Retry-After of an upload refused for the caps: long enough for a slow upload ahead of it to move on. */
export const UPLOAD_RETRY_AFTER_SECONDS = 15;

const listOf = (fields: string[]) => fields.join(" or ") || "the file";
export const tooManyFromClient = (fields: string[], perClient: number) =>
  `At most ${perClient} uploads at a time from one address: send ${listOf(fields)} again once one of yours has finished`;
export const tooManyInTotal = (fields: string[]) =>
  `The server is receiving too many uploads right now: please send ${listOf(fields)} again in a moment`;
const goneBeforeStored = (field: string) => `The upload of ${field} ended before it could be stored; please send it again`;

/** A file of a form, waiting on disk until the form has been checked. */
export interface UploadedFile {
  fileName: string;
  mimeType: string;
  size: number;
  /** The spooled file; removed when the request's answer has gone out. */
  path: string;
  /**
   * Reads the file back into memory for `use` (check by content, store), at most `inMemory` files at
   * a time in the process; the bytes are let go once `use` has finished.
   */
  withBytes<T>(use: (data: Buffer) => Promise<T>): Promise<T>;
}

/** Runs at most `slots` tasks at once; the others wait their turn in order. */
class Slots {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** The files of one request: created on demand, all removed when the request ends. */
export class UploadSpool {
  private readonly paths = new Set<string>();
  private ready: Promise<unknown> | undefined;
  ended = false;

  constructor(
    private readonly gate: UploadGate,
    private readonly release: () => void,
  ) {}

  /** A new path for one file part; the folder is (re)created if a temp cleaner removed it. */
  async reserve(field: string): Promise<string> {
    if (this.ended) throw new AppError("invalid", goneBeforeStored(field), { [field]: goneBeforeStored(field) });
    this.ready ??= mkdir(this.gate.limits.spoolDir, { recursive: true, mode: 0o700 });
    await this.ready;
    const file = path.join(this.gate.limits.spoolDir, `${process.pid}-${randomUUID()}.part`);
    this.paths.add(file);
    return file;
  }

  /**
   * Called once a reserved file is open: false (and the file removed) when the request ended
   * meanwhile, as `end()` may have run before the file existed.
   */
  stillWanted(file: string): boolean {
    if (!this.ended) return true;
    void rm(file, { force: true }).catch(() => {});
    return false;
  }

  /** Removes one file now (an empty file input, a second file for one field). */
  discard(file: string): void {
    this.paths.delete(file);
    void rm(file, { force: true }).catch(() => {});
  }

  uploaded(file: string, size: number, fileName: string, mimeType: string, field: string): UploadedFile {
    const gate = this.gate;
    return {
      fileName,
      mimeType,
      size,
      path: file,
      withBytes: (use) =>
        gate.reading.run(async () => {
          let data: Buffer;
          try {
            data = await readFile(file);
          } catch (error) {
            // Removed under us: the client went away before its form could be stored.
            if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new AppError("invalid", goneBeforeStored(field), { [field]: goneBeforeStored(field) });
            throw error;
          }
          return use(data);
        }),
    };
  }

  /** The request has ended: its slot is given back and its files removed. Runs once. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.release();
    for (const file of this.paths) void rm(file, { force: true }).catch(() => {});
    this.paths.clear();
  }
}

/**
 * Counts the uploads in progress. The counts live in this process's memory on purpose: they count
 * the requests on this process's own sockets, which no other process can finish or see, and a
 * count is given back the moment its request ends (even when its client vanishes), so nothing can
 * leak across a crash as a counter row in the database could; checking and counting happen in one
 * synchronous step, which Node's single thread makes atomic. (With WEB_CONCURRENCY workers each
 * worker counts its own connections: the per-process caps then hold per worker.)
 */
export class UploadGate {
  private inProgress = 0;
  private readonly byClient = new Map<string, number>();
  readonly reading: Slots;

  constructor(readonly limits: UploadLimits = UPLOAD_LIMITS) {
    this.reading = new Slots(limits.inMemory);
  }

  /** Uploads in progress now, in total and from one address. */
  count(address?: string): number {
    return address === undefined ? this.inProgress : (this.byClient.get(address) ?? 0);
  }

  /**
   * Admits one upload before its body is read, or refuses it naming `fields`: 429 when its address
   * already has `perClient` in progress, 503 when the process has `total`. The slot and the spool's
   * files are given back when the answer has gone out or the connection has closed.
   */
  admit(request: FastifyRequest, reply: FastifyReply, fields: string[]): UploadSpool {
    const address = clientIp(request);
    const fieldMap = (message: string) => Object.fromEntries(fields.map((field) => [field, message]));
    const mine = this.byClient.get(address) ?? 0;
    if (mine >= this.limits.perClient) {
      const message = tooManyFromClient(fields, this.limits.perClient);
      throw new AppError("rate_limited", message, fieldMap(message), UPLOAD_RETRY_AFTER_SECONDS);
    }
    if (this.inProgress >= this.limits.total) {
      request.log.warn({ inProgress: this.inProgress }, "uploads: process cap reached");
      const message = tooManyInTotal(fields);
      throw new AppError("unavailable", message, fieldMap(message), UPLOAD_RETRY_AFTER_SECONDS);
    }
    this.byClient.set(address, mine + 1);
    this.inProgress++;
    const spool = new UploadSpool(this, () => {
      this.inProgress--;
      const left = (this.byClient.get(address) ?? 1) - 1;
      if (left > 0) this.byClient.set(address, left);
      else this.byClient.delete(address);
    });
    const res = reply.raw;
    // 'close' follows the answer (after 'finish') or the loss of the connection, whichever comes.
    if (res.closed || res.destroyed) spool.end();
    else res.once("close", () => spool.end());
    return spool;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Uploads in progress and their spooled files (platform/uploads.ts). */
    uploads: UploadGate;
  }
}
