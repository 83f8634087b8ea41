import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../../db/client";
import type { CacheKind, CacheObserver, PublicCache } from "../public-cache";

/** Up to 30 s: the pool's statement limit, so the slowest answer still lands in a finite bucket. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The route label of an answer the page cache gave before Fastify routed the request
 * (public-cache.ts serveHit): most anonymous page views, so they count with the rest.
 */
export const EARLY_CACHE_ROUTE = "(page cache)";

/** The route label of a request that matched no route (a 404, or one refused before routing). */
export const NO_ROUTE = "(no route)";

export interface AppMetrics {
  registry: Registry;
  /** `route` is the route's pattern (`/api/leads/:id`), never the address asked for, so the label stays bounded. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  cacheObserver: CacheObserver;
}

/**
 * This process's figures of one app: requests by route and status, page-cache lookups, the cache's
 * size and the database pool (connections in use and requests waiting for one), read at scrape time.
 */
export function createAppMetrics(database: Database, cache: () => PublicCache | undefined): AppMetrics {
  const registry = new Registry();
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({ name: "ff_http_requests_total", help: "Requests answered, by route pattern and status", labelNames, registers: [registry] });
  const latency = new Histogram({
    name: "ff_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern and status",
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const lookups = new Counter({
    name: "ff_page_cache_lookups_total",
    help: "Anonymous page cache lookups: kind page or json, result hit or miss (a miss renders)",
    labelNames: ["kind", "result"] as const,
    registers: [registry],
  });
  for (const kind of ["page", "json"] satisfies CacheKind[]) for (const result of ["hit", "miss"]) lookups.inc({ kind, result }, 0);

  new Gauge({
    name: "ff_page_cache_entries",
    help: "Answers held in the anonymous page cache",
    registers: [registry],
    collect() {
      this.set(cache()?.size.entries ?? 0);
    },
  });
  new Gauge({
    name: "ff_page_cache_bytes",
    help: "Bytes held in the anonymous page cache (all three encodings)",
    registers: [registry],
    collect() {
      this.set(cache()?.size.bytes ?? 0);
    },
  });

  // PostgreSQL: the pool's connections busy with a statement, and requests waiting for one. The
  // embedded database runs one statement at a time in its worker: one in use while any is sent,
  // the rest of them waiting in its queue.
  const pool = database.pool;
  const pglite = database.pglite;
  const inUse = () => (pool ? pool.totalCount - pool.idleCount : Math.min(pglite?.pending ?? 0, 1));
  const waiting = () => (pool ? pool.waitingCount : Math.max((pglite?.pending ?? 0) - 1, 0));
  new Gauge({
    name: "ff_db_pool_in_use",
    help: "Database connections running a statement (embedded: 1 while its worker runs one)",
    registers: [registry],
    collect() {
      this.set(inUse());
    },
  });
  new Gauge({
    name: "ff_db_pool_waiting",
    help: "Requests waiting for a database connection (embedded: statements queued in its worker)",
    registers: [registry],
    collect() {
      this.set(waiting());
    },
  });
  new Gauge({
    name: "ff_db_pool_max",
    help: "Most connections the pool opens (embedded: 1)",
    registers: [registry],
    collect() {
      this.set(pool ? pool.options.max : 1);
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    cacheObserver: {
      lookup: (kind, hit) => lookups.inc({ kind, result: hit ? "hit" : "miss" }),
      answeredEarly(method, status, seconds) {
        const labels = { method, route: EARLY_CACHE_ROUTE, status: String(status) };
        requests.inc(labels);
        latency.observe(labels, seconds);
      },
    },
  };
}
