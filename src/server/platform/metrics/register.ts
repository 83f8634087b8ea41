import type { FastifyInstance } from "fastify";
import { AggregatorRegistry, Registry } from "prom-client";
import type { Database } from "../../db/client";
import { hasBearerToken } from "../bearer-token";
import { clientIp } from "../client-ip";
import { AppError } from "../errors";
import { addressMatcher } from "./allow-list";
import { createAppMetrics, NO_ROUTE } from "./app-metrics";
import { joinClusterMetrics, type MetricSet } from "./cluster";
import { createDatabaseMetrics } from "./database-metrics";
import { processMetrics } from "./process-metrics";

/** Every series of one worker gets its pid, and is kept as its own series (never summed into another's). */
const labelled = (metrics: MetricSet, worker: string | null): MetricSet =>
  metrics.map((metric) => ({
    ...metric,
    // "sum" of one series is the series: prom-client's own choices ("omit" for the start time,
    // "average" for the lag) are for merging workers, which this does not do.
    aggregator: "sum",
    values: worker === null ? metric.values : metric.values.map((value) => ({ ...value, labels: { ...value.labels, worker } })),
  }));

const workersGauge = (answered: number, missing: number): MetricSet => [
  {
    name: "ff_cluster_workers",
    help: "Worker processes whose figures are in this scrape (answered) or were asked and did not answer in time (missing)",
    type: "gauge",
    aggregator: "sum",
    values: [
      { labels: { state: "answered" }, value: answered },
      { labels: { state: "missing" }, value: missing },
    ],
  },
];

/**
 * GET /metrics in Prometheus's text format, and the timing of every request. Served only to the
 * addresses of METRICS_ALLOW (as TRUST_PROXY resolves them) or with METRICS_TOKEN as a bearer token;
 * a staff session does not open it. Never through the page cache (not one of its addresses) and
 * never stored by anyone (no-store). Left out of the OpenAPI document, which describes the JSON API
 * under /api that the site's screens use; README "Metrics" documents it.
 */
export function registerMetrics(app: FastifyInstance, database: Database): void {
  const own = createAppMetrics(database, () => app.publicCache);
  app.publicCache.observer = own.cacheObserver;
  const shared = createDatabaseMetrics(database.db);
  const local = async (): Promise<MetricSet> => [...(await processMetrics().getMetricsAsJSON()), ...(await own.registry.getMetricsAsJSON())];
  const inCluster = joinClusterMetrics(local);
  if (inCluster) app.addHook("onClose", async () => inCluster.stop());

  app.addHook("onResponse", async (request, reply) => {
    own.observeRequest(request.method, request.routeOptions.url ?? NO_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
  });

  const allowed = addressMatcher(app.config.metrics.allow);
  const token = app.config.metrics.token;
  app.get("/metrics", {
    schema: { hide: true },
    onRequest: async (request) => {
      if (allowed(clientIp(request)) || (token && hasBearerToken(request, token))) return;
      throw new AppError("forbidden", "Metrics are served only to the addresses of METRICS_ALLOW or with the METRICS_TOKEN bearer token");
    },
    handler: async (_request, reply) => {
      // This process's figures first: the database-wide read may wait behind the very statements the pool figures count.
      const sets: MetricSet[] = [];
      const figures = await inCluster?.gather().catch((error: unknown) => {
        // Without the primary this worker can still say how it is doing itself.
        app.log.warn({ err: error }, "metrics: the other workers' figures could not be gathered");
        return null;
      });
      if (figures) {
        for (const worker of figures.workers) sets.push(labelled(worker.metrics, String(worker.pid)));
        sets.push(workersGauge(figures.workers.length, figures.missing));
      } else {
        sets.push(labelled(await local(), inCluster ? String(process.pid) : null));
      }
      sets.push(labelled(await shared.getMetricsAsJSON(), null));
      const text = await AggregatorRegistry.aggregate(sets).metrics();
      reply.header("cache-control", "no-store").type(Registry.PROMETHEUS_CONTENT_TYPE);
      return text;
    },
  });
}
