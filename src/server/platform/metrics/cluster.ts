import cluster, { type Worker } from "node:cluster";

/**
 * One scrape of a cluster (cluster.ts: a primary and WEB_CONCURRENCY workers sharing one port) must
 * show every worker, whichever of them the scrape lands on. The worker that takes it asks the
 * primary, which asks every worker for its own figures over the cluster's IPC channel and hands them
 * back; the taking worker adds the database-wide figures once (database-metrics.ts).
 *
 * Each worker's series carry a `worker` label (its pid, as in the logs) rather than being summed into
 * one (prom-client's AggregatorRegistry): a worker that crashes and is replaced then looks like one
 * counter ending and another starting, which rate() reads correctly, where a sum would drop and be
 * taken for a reset of everything; and a stuck worker's event-loop lag stays visible instead of
 * being averaged away. `sum by (route)` gives the whole server.
 */

/** Metrics as prom-client's getMetricsAsJSON gives them (plain data: they cross the IPC channel). */
export type MetricSet = {
  name: string;
  help: string;
  type: unknown;
  aggregator: unknown;
  values: { value: number; labels: Record<string, string | number | undefined>; metricName?: string }[];
}[];
export interface WorkerFigures {
  pid: number;
  metrics: MetricSet;
}
export interface ClusterFigures {
  workers: WorkerFigures[];
  /** Workers that were asked and did not answer in time (busy, or starting). */
  missing: number;
}

const READY = "ff-metrics:ready";
const COLLECT = "ff-metrics:collect";
const COLLECTED = "ff-metrics:collected";
const SCRAPE = "ff-metrics:scrape";
const SCRAPED = "ff-metrics:scraped";

/** How long the primary waits for each worker's figures; a late one is counted as missing. */
const COLLECT_WAIT_MS = 3_000;
const SCRAPE_WAIT_MS = COLLECT_WAIT_MS + 2_000;

type Message = { type?: unknown; id?: unknown } & Record<string, unknown>;

/**
 * In a cluster worker: answers the primary's requests for this worker's figures, and returns how to
 * gather every worker's; null outside a cluster. The returned `stop` ends both.
 */
export function joinClusterMetrics(collect: () => Promise<MetricSet>): { gather: () => Promise<ClusterFigures>; stop: () => void } | null {
  if (!cluster.isWorker || !process.send) return null;
  const send = process.send.bind(process);
  let nextId = 1;
  const waiting = new Map<number, (figures: ClusterFigures) => void>();
  const onMessage = (message: Message) => {
    if (message?.type === COLLECT) {
      void collect()
        .catch(() => [])
        .then((metrics) => send({ type: COLLECTED, id: message.id, pid: process.pid, metrics }));
    } else if (message?.type === SCRAPED && typeof message.id === "number") {
      waiting.get(message.id)?.(message.figures as ClusterFigures);
      waiting.delete(message.id);
    }
  };
  process.on("message", onMessage);
  send({ type: READY });
  return {
    gather: () =>
      new Promise<ClusterFigures>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error("The cluster's primary did not answer the metrics request"));
        }, SCRAPE_WAIT_MS);
        waiting.set(id, (figures) => {
          clearTimeout(timer);
          resolve(figures);
        });
        send({ type: SCRAPE, id });
      }),
    stop: () => process.off("message", onMessage),
  };
}

/** In the primary (cluster.ts): relays a worker's scrape to every worker that serves metrics. */
export function relayClusterMetrics(): void {
  const serving = new Set<Worker>();
  const answers = new Map<number, (figures: WorkerFigures) => void>();
  let nextId = 1;

  const collectFrom = (worker: Worker) =>
    new Promise<WorkerFigures | null>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        answers.delete(id);
        resolve(null);
      }, COLLECT_WAIT_MS);
      answers.set(id, (figures) => {
        clearTimeout(timer);
        resolve(figures);
      });
      worker.send({ type: COLLECT, id });
    });

  cluster.on("message", (worker, message: Message) => {
    if (message?.type === READY) serving.add(worker);
    else if (message?.type === COLLECTED && typeof message.id === "number") {
      answers.get(message.id)?.({ pid: Number(message.pid), metrics: message.metrics as MetricSet });
      answers.delete(message.id);
    } else if (message?.type === SCRAPE) {
      const asked = [...serving].filter((w) => w.isConnected());
      void Promise.all(asked.map(collectFrom)).then((all) => {
        const workers = all.filter((figures): figures is WorkerFigures => figures !== null);
        if (worker.isConnected()) worker.send({ type: SCRAPED, id: message.id, figures: { workers, missing: asked.length - workers.length } });
      });
    }
  });
  cluster.on("exit", (worker) => serving.delete(worker));
}
