import { AsyncLocalStorage } from "node:async_hooks";
import type { QueryPriority } from "./pglite-protocol";

export type { QueryPriority } from "./pglite-protocol";

const storage = new AsyncLocalStorage<QueryPriority>();

type HoldListener = (id: number, on: boolean) => void;
/** The embedded database's worker, when this process has one (pglite-proxy.ts). */
const holdListeners = new Set<HoldListener>();
let nextHold = 1;

/**
 * The priority of the embedded database's statements made by `work` and everything it awaits: a
 * waiting "interactive" statement (sign-in) runs before waiting "normal" ones (staff screens), and
 * those before "bulk" ones (imports, exports). Only PGlite's worker uses it (pglite-worker.ts);
 * PostgreSQL runs statements side by side on its own. drizzle's queries start when awaited (or
 * `.then`): await them inside `work`, not on what it returns.
 */
export function withQueryPriority<T>(priority: QueryPriority, work: () => T): T {
  // Without the embedded database's worker nothing reads the priority, and the storage would only
  // cost: once it is used, Node tracks every promise of the process (measured on PostgreSQL: 3–4% of
  // the server's CPU in an import of a million rows).
  if (holdListeners.size === 0) return work();
  return storage.run(priority, work);
}

export const currentQueryPriority = (): QueryPriority => storage.getStore() ?? "normal";


/** The embedded database's worker listens here (pglite-proxy.ts); nothing does on PostgreSQL. */
export function onInteractiveHold(listener: HoldListener): () => void {
  holdListeners.add(listener);
  return () => holdListeners.delete(listener);
}

/**
 * An interactive request has begun: until the returned function is called (or a short time has
 * passed, pglite-worker.ts) the embedded database starts no lower-priority statement, so the
 * request's statements do not each queue behind one — a sign-in is several statements with the
 * password check between them. Returns the release, safe to call more than once.
 */
export function holdForInteractive(): () => void {
  if (holdListeners.size === 0) return () => {};
  const id = nextHold++;
  for (const listener of holdListeners) listener(id, true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const listener of holdListeners) listener(id, false);
  };
}
