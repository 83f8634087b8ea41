// The messages between the server's thread and the PGlite worker (pglite-worker.ts, pglite-proxy.ts).
// Types and constants only: the worker imports nothing else of the server.

/**
 * Which waiting statement the worker runs next: the lowest number first, in arrival order within a
 * number. Sign-in and a candidate's pages are "interactive", staff screens "normal", imports and
 * exports "bulk" (platform/query-priority.ts decides per route).
 */
export const PRIORITY = { interactive: 0, normal: 1, bulk: 2 } as const;
export type QueryPriority = keyof typeof PRIORITY;

export type RowMode = "array" | "object";

export interface WorkerInit {
  /** null: in memory. */
  dataDir: string | null;
  settings: string[];
  /** PostgreSQL's WebAssembly, compiled by the opening thread (pglite-proxy.ts); omitted, PGlite compiles its own. */
  wasmModule?: WebAssembly.Module;
}

/** Planner settings (name → value) a statement runs under: db/planner.ts. */
export type PlannerSettings = Readonly<Record<string, string>>;

/**
 * The server's thread to the worker. `id` names the answer; `tx` runs the statement in that open
 * transaction; `settings` (outside a transaction only) are set just before the statement and reset
 * just after it, in the same turn of the worker.
 */
export type WorkerRequest =
  | { op: "query"; id: number; sql: string; params: unknown[]; rowMode: RowMode | undefined; text: number[] | undefined; priority: number; tx?: number; settings?: PlannerSettings }
  | { op: "exec"; id: number; sql: string; priority: number; tx?: number }
  /** Opens a transaction; answered (value: the transaction's id) once BEGIN has run. */
  | { op: "begin"; id: number; priority: number }
  /** Commits or rolls back transaction `tx`; answered when it has. */
  | { op: "end"; id: number; tx: number; commit: boolean }
  | { op: "close"; id: number }
  /** Answered with the data folder as a tar file (Uint8Array), after the statements already sent. */
  | { op: "dump"; id: number }
  /** An interactive request began (`on`) or ended: lower priorities wait meanwhile (priority.ts holdForInteractive). */
  | { op: "hold"; hold: number; on: boolean };

/** An error as it crosses the threads: its message and every plain field (PostgreSQL's code, constraint, detail…). */
export type WireError = { name: string; message: string; stack?: string } & Record<string, string | number | boolean | null | undefined>;

/** The worker to the server's thread. A notification is posted before the answer of the statement that delivered it. */
export type WorkerReply =
  | { kind: "ready" }
  | { kind: "failed"; error: WireError }
  | { kind: "answer"; id: number; ok: true; value: unknown }
  | { kind: "answer"; id: number; ok: false; error: WireError }
  | { kind: "notify"; channel: string; payload: string };

export interface WireResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
