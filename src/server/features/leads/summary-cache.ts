import type { Db } from "../../db/client";

/**
 * The list's summary (how many leads match, their pending total) for a filter, kept a few seconds.
 * Counting is most of a first page's cost; a screen that is paged, re-filtered and re-opened asks for
 * the same figures again and again. Any lead write in this process (edit, delete, import, capture,
 * merge, sync) calls `leadsChanged`, which empties the cache: here the figures are always current.
 * Another process (a cluster worker, a second server) may show figures up to SUMMARY_CACHE_MS old.
 */
export const SUMMARY_CACHE_MS = 5 * 1000;
const MAX_ENTRIES = 500;

export interface LeadSummary {
  total: number;
  totalIsEstimate: boolean;
  pendingTotal: number;
}

interface Entry {
  summary: Promise<LeadSummary>;
  at: number;
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
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.generation === generation && now - hit.at < SUMMARY_CACHE_MS) return hit.summary;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const summary = compute();
  const entry = { summary, at: now, generation };
  cache.set(key, entry);
  summary.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return summary;
}
