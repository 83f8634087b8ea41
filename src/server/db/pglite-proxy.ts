// The server's handle on PGlite running in a worker thread (pglite-worker.ts): the part of PGlite's
// interface that drizzle-orm/pglite and the server use — query, exec, transaction, notifications,
// close. Every statement is sent to the worker with the caller's priority (priority.ts), so the
// server's thread never runs PostgreSQL itself and keeps answering while a statement runs.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { PRIORITY, type WireError, type WireResults, type WorkerInit, type WorkerReply, type WorkerRequest } from "./pglite-protocol";
import { currentPlannerSettings } from "./planner";
import { currentQueryPriority, onInteractiveHold } from "./priority";
import { startModuleWorker } from "../platform/module-worker";

type Listener = (channel: string, payload: string) => void;
type Outgoing = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;
type Asked = Extract<WorkerRequest, { id: number }>;

/** A transaction's handle, as PGlite's `Transaction` offers it to drizzle. */
export interface PgliteProxyTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** An error from the worker with PostgreSQL's fields (code, constraint, detail…) as PGlite threw it, for platform/errors.ts. */
function fromWire(wire: WireError): Error {
  const { name, message, stack, ...fields } = wire;
  const error = new Error(message);
  Object.assign(error, fields);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}

/**
 * A binary parameter that is a view of a larger buffer (a slice of a pooled Buffer) would be copied
 * with the whole buffer; it is copied alone instead.
 */
function compactParams(params: unknown[] | undefined): unknown[] {
  if (!params) return [];
  if (!params.some((p) => ArrayBuffer.isView(p))) return params;
  return params.map((p) => (ArrayBuffer.isView(p) && p.byteLength !== p.buffer.byteLength ? new Uint8Array(p.buffer, p.byteOffset, p.byteLength).slice() : p));
}

let compiled: Promise<WebAssembly.Module> | null = null;
/**
 * PostgreSQL's WebAssembly, compiled once per process and handed to each worker (a compiled module
 * crosses threads without being compiled again). Each worker compiling its own took ~1 s of CPU per
 * database opened (V8's background compilers), which the tests pay once per test file.
 */
function compiledPglite(): Promise<WebAssembly.Module> {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "pglite.wasm");
  return (compiled ??= readFile(file).then((bytes) => WebAssembly.compile(bytes)));
}

function startWorker(init: WorkerInit): Worker {
  // A worker does not take the process's --max-semi-space-size (`npm run serve` sets 4 MB): its young
  // generation would be 48 MB. The same 4 MB semi-spaces (a young generation of three of them).
  return startModuleWorker("pglite-worker", import.meta.url, { workerData: init, resourceLimits: { maxYoungGenerationSizeMb: 12 } });
}

export class PgliteProxy {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Set<Listener>();
  /** Messages from the worker not yet taken (#enqueue). */
  readonly #inbox: WorkerReply[] = [];
  #nextId = 1;
  #stopped: Error | null = null;
  #closing: Promise<void> | null = null;
  #stopHolding: () => void = () => {};

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the worker and opens PGlite in it (`dataDir` null: in memory); resolves once it answers. */
  static async create(init: WorkerInit): Promise<PgliteProxy> {
    const worker = startWorker({ ...init, wasmModule: await compiledPglite() });
    const proxy = new PgliteProxy(worker);
    await new Promise<void>((resolve, reject) => {
      const early = (error: Error) => reject(error);
      const exited = (code: number) => reject(new Error(`The embedded database's worker stopped while opening (exit ${code})`));
      worker.once("error", early);
      worker.once("exit", exited);
      const first = (message: WorkerReply) => {
        if (message.kind !== "ready" && message.kind !== "failed") return;
        worker.off("message", first);
        worker.off("error", early);
        worker.off("exit", exited);
        if (message.kind === "failed") {
          void worker.terminate();
          reject(fromWire(message.error));
        } else resolve();
      };
      worker.on("message", first);
    });
    worker.on("message", (message: WorkerReply) => proxy.#enqueue(message));
    worker.on("error", (error) => proxy.#stop(error));
    worker.on("exit", (code) => proxy.#stop(new Error(`The embedded database's worker stopped (exit ${code})`)));
    // Idle, the worker does not keep the process alive (as PGlite in the process did not); a statement on its way does.
    worker.unref();
    proxy.#stopHolding = onInteractiveHold((hold, on) => {
      if (!proxy.#stopped) worker.postMessage({ op: "hold", hold, on } satisfies WorkerRequest);
    });
    return proxy;
  }

  /**
   * One message from the worker per turn of the event loop. Node hands over every message waiting on
   * the port at once, and each answer's continuation runs before the next (a CRM list page: its rows
   * made leads, serialised and written, ~4 ms of the server's thread), so answers that arrived
   * together ran back to back while a sign-in or a cached page waited to be read. Taken one per turn
   * (setImmediate), the event loop reads its sockets between two answers. In order: a notification
   * still comes before the answer of the statement that delivered it.
   */
  #enqueue(message: WorkerReply): void {
    this.#inbox.push(message);
    if (this.#inbox.length === 1) setImmediate(this.#takeOne);
  }

  readonly #takeOne = (): void => {
    this.#receive(this.#inbox.shift()!);
    if (this.#inbox.length > 0) setImmediate(this.#takeOne);
  };

  #receive(message: WorkerReply): void {
    if (message.kind === "notify") {
      // Before the answer of the statement that delivered it, which is the next message: the edit's
      // code goes on only after every listener has seen the new value (platform/content-version.ts).
      for (const listener of this.#listeners) listener(message.channel, message.payload);
      return;
    }
    if (message.kind !== "answer") return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(fromWire(message.error));
  }

  #stop(reason: Error): void {
    if (this.#stopped) return;
    this.#stopped = reason;
    this.#stopHolding();
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
  }

  /** Sends `message`; its id (a transaction's, for "begin") and its answer. */
  #send(message: Outgoing): { id: number; answer: Promise<unknown> } {
    const id = this.#nextId++;
    if (this.#stopped) return { id, answer: Promise.reject(this.#stopped) };
    const answer = new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id } as Asked);
    });
    return { id, answer };
  }

  #request(message: Outgoing): Promise<unknown> {
    return this.#send(message).answer;
  }

  #query<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number): Promise<Results<T>> {
    // drizzle's parsers keep a few types (timestamps, dates, intervals) as PostgreSQL's text: the
    // worker is told which, as type ids (functions do not cross threads).
    const text = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    const message: Outgoing = { op: "query", sql, params: compactParams(params), rowMode: options?.rowMode, text, priority: PRIORITY[currentQueryPriority()] };
    if (tx !== undefined) message.tx = tx;
    else {
      const settings = currentPlannerSettings();
      if (settings) message.settings = settings;
    }
    return this.#request(message) as Promise<WireResults> as Promise<Results<T>>;
  }

  #exec(sql: string, tx?: number): Promise<Results[]> {
    const message: Outgoing = { op: "exec", sql, priority: PRIORITY[currentQueryPriority()] };
    if (tx !== undefined) message.tx = tx;
    return this.#request(message) as Promise<Results[]>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exec(sql);
  }

  /**
   * Runs `callback` in a transaction held open in the worker: committed when it returns, rolled back
   * when it throws. Other statements wait meanwhile, as with PGlite in the process. The callback
   * starts at once: its statements reach the worker while BEGIN waits for its turn, and run as soon
   * as the transaction is open, so the transaction holds the database one trip between the threads
   * less. Should BEGIN fail, they fail with its error.
   */
  async transaction<T>(callback: (tx: PgliteProxyTransaction) => Promise<T>): Promise<T> {
    const { id, answer: opened } = this.#send({ op: "begin", priority: PRIORITY[currentQueryPriority()] });
    // Its failure reaches the caller through the transaction's statements and its end, answered with it.
    opened.catch(() => {});
    let closed = false;
    const open = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const end = (commit: boolean) => {
      closed = true;
      return this.#request({ op: "end", tx: id, commit });
    };
    const tx: PgliteProxyTransaction = {
      query: async (sql, params, options) => (open(), this.#query(sql, params, options, id)),
      exec: async (sql) => (open(), this.#exec(sql, id)),
      rollback: async () => (open(), void (await end(false))),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) await end(false).catch(() => {});
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  /** Statements (and transaction steps) sent to the worker and not yet answered: the one running and those queued behind it. */
  get pending(): number {
    return this.#pending.size;
  }

  onNotification(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  offNotification(listener: Listener): void {
    this.#listeners.delete(listener);
  }

  /** The data folder as a tar file, after the statements already sent (PGlite's `dumpDataDir`). */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#request({ op: "dump" }) as Promise<Uint8Array>;
  }

  /** Closes PGlite after the statements already sent, then ends the worker. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#stopped) await this.#request({ op: "close" });
      } finally {
        this.#stop(new Error("The embedded database is closed"));
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}
