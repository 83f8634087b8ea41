import type { Db } from "../../db/client";

/**
 * The list's summary (how many leads match, their pending total) for a filter, shared by the
 * requests that ask for it at the same moment: counting is most of a first page's cost. It is not
 * kept once computed: with several workers an edit made in one process would otherwise leave
 * another showing the old pending total after Save (a browser test caught that on PostgreSQL).
 * Any lead write in this process (edit, delete, import, capture, merge, sync) calls `leadsChanged`,
 * so a computation that began before the write is not shared after it.
 */
const MAX_ENTRIES = 500;

export interface LeadSummary {
  total: number;
  totalIsEstimate: boolean;
  pendingTotal: number;
}

interface Entry {
  summary: Promise<LeadSummary>;
  generation: number;
}

/**
 * Bumped by every lead write in the process. Global rather than per database handle: captures run
 * inside other features' transactions, whose handle is not the one the list reads with.
 */
let generation = 0;

const caches = new WeakMap<Db, Map<string, Entry>>();
function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** Leads were written (call it once the write is done): no cached summary is served again. */
export function leadsChanged(): void {
  generation++;
}

/** The cached summary for `key`, or `compute()`'s (shared by concurrent callers, dropped if it fails). */
export function cachedSummary(db: Db, key: string, compute: () => Promise<LeadSummary>): Promise<LeadSummary> {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit && hit.generation === generation) return hit.summary;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const summary = compute();
  const entry = { summary, generation };
  cache.set(key, entry);
  const drop = () => {
    if (cache.get(key) === entry) cache.delete(key);
  };
  summary.then(drop, drop);
  return summary;
}
