// PGlite in a worker thread (pglite-proxy.ts starts it). PGlite runs PostgreSQL compiled to
// WebAssembly on the thread that calls it, so each statement used to hold the server's event loop
// for its whole run: here it holds only this thread, and the server keeps answering.
//
// One statement (or one open transaction) at a time, as PGlite itself does; what runs next is the
// waiting statement of highest priority (pglite-protocol.ts), never cutting into a running statement
// or an open transaction; while an interactive request (a sign-in) is in progress, lower priorities
// wait for it (HOLD_MS at most). A transaction stays open until the server's thread says commit or
// rollback; its own statements run at once, on it (those sent before it opened, as soon as it is).
import { createWriteStream, readFileSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Results, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { resetSettingsSql, setSettingsSql } from "./planner-sql";
import { PRIORITY, type WireError, type WireResults, type WorkerInit, type WorkerReply, type WorkerRequest } from "./pglite-protocol";

/** A statement that has waited this long goes next whatever its priority: bulk work is slowed, never starved. */
const AGING_MS = 1_000;
/**
 * The longest an interactive request holds lower priorities back (priority.ts holdForInteractive):
 * a sign-in takes a few tens of milliseconds; a request that takes longer shares the database again.
 */
const HOLD_MS = 150;
const BYTEA = 17;

const port = parentPort!;
const { dataDir, settings, wasmModule } = workerData as WorkerInit;
/**
 * PGLITE_STATEMENT_LOG=<file>: one JSON line per statement run by the worker — when it was asked
 * (`at`, ms since 1970), its priority, how long it waited for its turn (`waitMs`) and
 * ran (`runMs`), of that how long this thread had a core (`cpuMs`) and waited for one (`runQueueMs`,
 * Linux's schedstat: a busy machine, not the statement), in which transaction, and the head of its
 * text — to find what holds the database when a request is slow.
 */
const traceFile = process.env.PGLITE_STATEMENT_LOG;
const traceOut = traceFile ? createWriteStream(traceFile, { flags: "a" }) : null;
/** This thread's time on a core and waiting for one, in ms (zeros where Linux's schedstat is not available). */
function threadTimes(): [number, number] {
  try {
    const [cpu, queued] = readFileSync("/proc/thread-self/schedstat", "utf8").split(" ");
    return [Number(cpu) / 1e6, Number(queued) / 1e6];
  } catch {
    return [0, 0];
  }
}
interface TraceEntry {
  at: number;
  priority?: number;
  waitMs?: number;
  runMs: number;
  tx?: number;
  kind: string;
  sql?: string;
}
/** Runs `work` and logs it with the times it took; `work` alone when there is no log. */
function traced<T>(entry: Omit<TraceEntry, "runMs">, work: () => Promise<T>): Promise<T> {
  if (!traceOut) return work();
  const started = performance.now();
  const [cpu0, queued0] = threadTimes();
  return work().finally(() => {
    const [cpu1, queued1] = threadTimes();
    const ms = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 100) / 100);
    const line = { ...entry, at: ms(performance.timeOrigin + entry.at), waitMs: ms(entry.waitMs), runMs: ms(performance.now() - started), cpuMs: ms(cpu1 - cpu0), runQueueMs: ms(queued1 - queued0) };
    traceOut.write(JSON.stringify({ ...line, sql: entry.sql?.replace(/\s+/g, " ").slice(0, 80) }) + "\n");
  });
}

const post = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const wire: WireError = { name: error.name, message: error.message, stack: error.stack };
  // PostgreSQL's fields (code, constraint, detail, severity, table, column…); PGlite's `params` and
  // `queryOptions` (objects, possibly megabytes of an import's batch) stay behind.
  for (const [key, value] of Object.entries(error)) {
    if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") wire[key] = value;
  }
  return wire;
}

const identity = (value: string) => value;
const parserSets = new Map<string, Record<number, (value: string) => string>>();
/** Parsers that keep these types as PostgreSQL's text (what drizzle asks for timestamps, dates, intervals). */
function keepAsText(oids: number[] | undefined) {
  if (!oids?.length) return undefined;
  const key = oids.join(",");
  let parsers = parserSets.get(key);
  if (!parsers) parserSets.set(key, (parsers = Object.fromEntries(oids.map((oid) => [oid, identity]))));
  return parsers;
}

/** The answer's own binary values (bytea) move to the other thread instead of being copied. */
function transferables(result: Results<unknown>): ArrayBuffer[] {
  if (!result.fields.some((field) => field.dataTypeID === BYTEA)) return [];
  const buffers = new Set<ArrayBuffer>();
  for (const row of result.rows as unknown[]) {
    for (const value of Array.isArray(row) ? row : Object.values(row as object)) {
      if (value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer) {
        buffers.add(value.buffer);
      }
    }
  }
  return [...buffers];
}

const wire = (result: Results<unknown>): WireResults => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

interface Job {
  priority: number;
  since: number;
  run: () => Promise<void>;
  /** For the statement log: what the job is. */
  kind: string;
  sql?: string;
}

const queues: Job[][] = [[], [], []];
let running = false;

/** The next job: the oldest that has waited past AGING_MS, else the first of the highest priority. */
function peekNext(): Job[] | undefined {
  const now = performance.now();
  let aged: Job[] | undefined;
  for (const queue of queues) {
    const head = queue[0];
    if (head && now - head.since > AGING_MS && (!aged || head.since < aged[0]!.since)) aged = queue;
  }
  return aged ?? queues.find((queue) => queue.length > 0);
}

/** Interactive requests in progress: their hold's id and when it lapses. */
const holds = new Map<number, number>();
let holdTimer: NodeJS.Timeout | null = null;

/** When the holds lapse, or 0 when nothing holds the database. */
function heldUntil(now: number): number {
  let until = 0;
  for (const [hold, expires] of holds) {
    if (expires <= now) holds.delete(hold);
    else until = Math.max(until, expires);
  }
  return until;
}

/**
 * Chooses the next job once the messages already delivered are queued: PGlite works through a
 * statement without returning to the event loop, so choosing at once would run every statement in
 * the order it arrived (each message handled to its end before the next is read).
 */
let pumpQueued = false;
function pumpSoon(): void {
  if (pumpQueued) return;
  pumpQueued = true;
  setImmediate(() => {
    pumpQueued = false;
    pump();
  });
}

function pump(): void {
  if (running) return;
  const queue = peekNext();
  if (!queue) return;
  const job = queue[0]!;
  const now = performance.now();
  const until = job.priority > PRIORITY.interactive && now - job.since <= AGING_MS ? heldUntil(now) : 0;
  if (until) {
    // Woken by the interactive request's next statement, its end, or the hold lapsing.
    if (holdTimer) clearTimeout(holdTimer);
    holdTimer = setTimeout(() => {
      holdTimer = null;
      pump();
    }, until - now);
    return;
  }
  queue.shift();
  running = true;
  void traced({ at: job.since, priority: job.priority, waitMs: now - job.since, kind: job.kind, sql: job.sql }, job.run).finally(() => {
    running = false;
    pumpSoon();
  });
}

function schedule(priority: number, run: () => Promise<void>, kind: string, sql?: string): void {
  const level = Math.min(Math.max(priority, 0), queues.length - 1);
  queues[level]!.push({ priority: level, since: performance.now(), run, kind, sql });
  pumpSoon();
}

/** Runs a statement and posts its answer (after any notification it delivered). */
async function answer(id: number, work: () => Promise<{ value: unknown; transfer?: ArrayBuffer[] }>): Promise<void> {
  try {
    const { value, transfer } = await work();
    post({ kind: "answer", id, ok: true, value }, transfer);
  } catch (error) {
    post({ kind: "answer", id, ok: false, error: toWireError(error) });
  }
}

type Target = Pick<PGlite, "query" | "exec"> | Transaction;

function statement(target: Target, request: Extract<WorkerRequest, { op: "query" | "exec" }>) {
  if (request.op === "exec") return async () => ({ value: (await target.exec(request.sql)).map(wire) });
  const run = async () => {
    const result = await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers: keepAsText(request.text) });
    return { value: wire(result), transfer: transferables(result) };
  };
  const { settings } = request;
  if (!settings) return run;
  // Set, run and reset in this one job: no other statement runs under them (db/planner.ts).
  return async () => {
    await target.exec(setSettingsSql(settings, false));
    try {
      return await run();
    } finally {
      await target.exec(resetSettingsSql(settings));
    }
  };
}

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean, id: number) => void;
}
const transactions = new Map<number, OpenTransaction>();
/**
 * Transactions asked for and not yet open, with what the server's thread has already sent for them:
 * it sends a transaction's statements without waiting for BEGIN's answer (one trip between the
 * threads fewer while the transaction holds the database), and they run, in order, once it is open.
 */
const opening = new Map<number, TransactionRequest[]>();
type TransactionRequest = Extract<WorkerRequest, { op: "query" | "exec" | "end" }>;
/** Thrown inside PGlite's transaction to have it roll back; never leaves this file. */
const ROLLBACK = Symbol("rollback");

function begin(pglite: PGlite, id: number, handle: (request: TransactionRequest) => void): Promise<void> {
  return new Promise<void>((finished) => {
    let opened = false;
    let ending: { commit: boolean; id: number } | null = null;
    let endNow: (() => void) | null = null;
    const ended = new Promise<void>((resolve) => (endNow = resolve));
    const waiting = () => {
      const requests = opening.get(id) ?? [];
      opening.delete(id);
      return requests;
    };
    pglite
      .transaction(async (tx) => {
        opened = true;
        transactions.set(id, {
          tx,
          end: (commit, endId) => {
            ending = { commit, id: endId };
            endNow!();
          },
        });
        post({ kind: "answer", id, ok: true, value: id });
        for (const request of waiting()) handle(request);
        await ended;
        if (!ending!.commit) throw ROLLBACK;
      })
      .then(
        () => post({ kind: "answer", id: ending!.id, ok: true, value: null }),
        (error: unknown) => {
          if (!opened) {
            // Never opened: BEGIN's error answers what was sent for it too.
            const wire = toWireError(error);
            post({ kind: "answer", id, ok: false, error: wire });
            for (const request of waiting()) post({ kind: "answer", id: request.id, ok: false, error: wire });
          } else if (error === ROLLBACK) post({ kind: "answer", id: ending!.id, ok: true, value: null });
          else post({ kind: "answer", id: ending?.id ?? id, ok: false, error: toWireError(error) });
        },
      )
      .finally(() => {
        transactions.delete(id);
        finished();
      });
  });
}

/**
 * This thread's nice value. On two cores the server's thread, this one, V8's helpers and the load
 * itself want more than two cores under staff work; at the same priority a cached page or a sign-in
 * queued behind this thread's statements for a core (cached `GET /` p99 55–87 ms under 20 CRM list
 * connections once the list's statements ran back to back). Lower, it takes what the server's
 * thread leaves: the database's work is the same, only later when both want a core.
 */
const NICE = 10;

/** Linux: a thread's id is the last part of /proc/thread-self, and setpriority on it sets that thread's alone. */
function lowerThisThreadsPriority(): void {
  try {
    setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), NICE);
  } catch {
    // Elsewhere the thread keeps the process's priority.
  }
}

async function main(): Promise<void> {
  lowerThisThreadsPriority();
  let pglite: PGlite;
  try {
    // pg_trgm: the CRM's substring search (its migration creates the extension).
    pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), postgresqlconf: settings, extensions: { pg_trgm }, ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}) });
  } catch (error) {
    post({ kind: "failed", error: toWireError(error) });
    return;
  }
  // Posted as PGlite hands it over, while it reads the statement's answer: before that answer is posted.
  pglite.onNotification((channel, payload) => post({ kind: "notify", channel, payload }));
  let closing = false;

  /** A statement or end of transaction `request.tx`: run at once when it is open, kept until it is when it is opening. */
  const inTransaction = (request: TransactionRequest): void => {
    const open = transactions.get(request.tx!);
    if (!open) {
      const waiting = opening.get(request.tx!);
      if (waiting) waiting.push(request);
      else void answer(request.id, () => Promise.reject(new Error("Transaction is closed")));
    } else if (request.op === "end") open.end(request.commit, request.id);
    else void traced({ at: performance.now(), tx: request.tx, kind: "in-transaction", sql: request.sql }, () => answer(request.id, statement(open.tx, request)));
  };

  port.on("message", (request: WorkerRequest) => {
    switch (request.op) {
      case "query":
      case "exec": {
        if (request.tx !== undefined) return inTransaction(request);
        if (closing) return void answer(request.id, () => Promise.reject(new Error("The database is closed")));
        schedule(request.priority, () => answer(request.id, statement(pglite, request)), request.op, request.sql);
        return;
      }
      case "begin":
        if (closing) return void answer(request.id, () => Promise.reject(new Error("The database is closed")));
        opening.set(request.id, []);
        schedule(request.priority, () => begin(pglite, request.id, inTransaction), `transaction ${request.id}`);
        return;
      case "end":
        return inTransaction(request);
      case "hold":
        if (request.on) holds.set(request.hold, performance.now() + HOLD_MS);
        else holds.delete(request.hold);
        pumpSoon();
        return;
      case "dump":
        schedule(Number.MAX_SAFE_INTEGER - 1, () => answer(request.id, async () => {
          const bytes = await (await pglite.dumpDataDir("none")).arrayBuffer();
          return { value: new Uint8Array(bytes), transfer: [bytes] };
        }), "dump");
        return;
      case "close":
        closing = true;
        // After everything already queued: nothing accepted is dropped.
        schedule(Number.MAX_SAFE_INTEGER, () => answer(request.id, async () => ({ value: await pglite.close() })), "close");
        return;
    }
  });
  post({ kind: "ready" });
}

void main();
