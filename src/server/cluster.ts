import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import pino from "pino";
import type { Config } from "./config";
import { readableLogStream, wantsReadableLogs } from "./platform/log-lines";
import { relayClusterMetrics } from "./platform/metrics/cluster";

/** A worker that dies this soon after it started listening is restarted after a pause, not at once. */
const QUICK_CRASH_MS = 10_000;
const RESTART_PAUSE_MS = 1_000;
/** How long workers get to finish their requests and close their pools on shutdown. */
const SHUTDOWN_GRACE_MS = 15_000;

/** How many processes serve: WEB_CONCURRENCY (default: one per core) on PostgreSQL, always one on PGlite. */
export function workerCount(config: Config): number {
  if (!config.databaseUrl) return 1;
  return config.webConcurrency ?? os.availableParallelism();
}

/**
 * Runs the cluster's primary when this process should be one: PostgreSQL, more than one worker, and
 * not already a worker. The primary serves nothing itself; it starts the workers (each a full server
 * from main.ts: Node's cluster shares the port between them), starts a new one when one crashes, and
 * on SIGINT/SIGTERM asks each to close gracefully. Returns false when this process is to serve.
 *
 * Every worker may start the same way: migrations take an advisory lock, the demo seed and the
 * session secret are claimed by insert-if-absent, the mail outbox is claimed with skip locked, and the
 * public page cache agrees through the database's content version.
 */
export function runClusterPrimary(config: Config, dev: boolean): boolean {
  if (!cluster.isPrimary) return false;
  const log = wantsReadableLogs(config.logFormat) ? pino({ level: config.logLevel }, readableLogStream()) : pino({ level: config.logLevel });
  if (!config.databaseUrl) {
    if (config.webConcurrency && config.webConcurrency > 1) {
      log.warn(`WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded database (PGlite) runs in one process; set DATABASE_URL for several.`);
    }
    return false;
  }
  const count = workerCount(config);
  if (dev || count <= 1) return false;

  let stopping = false;
  const listeningAt = new Map<Worker, number>();
  const start = () => {
    const worker = cluster.fork();
    worker.on("listening", () => listeningAt.set(worker, Date.now()));
  };

  cluster.on("exit", (worker, code, signal) => {
    const since = listeningAt.get(worker);
    listeningAt.delete(worker);
    if (stopping) {
      // The exit code a failed start set (1) stands; a requested shutdown ends with 0.
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (since === undefined) {
      // It never served: a configuration or database problem that every new worker would hit too.
      log.fatal({ worker: worker.process.pid, code, signal }, "A worker failed to start: stopping (see its message above).");
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    const quick = Date.now() - since < QUICK_CRASH_MS;
    log.error({ worker: worker.process.pid, code, signal }, `A worker stopped unexpectedly: starting a new one${quick ? " in a second" : ""}.`);
    setTimeout(start, quick ? RESTART_PAUSE_MS : 0);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: closing ${Object.keys(cluster.workers ?? {}).length} workers`);
    // A Ctrl-C in a terminal reaches the workers too; a second signal to them is harmless.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));

  // One scrape of /metrics shows every worker, whichever takes it (platform/metrics/cluster.ts).
  relayClusterMetrics();
  log.info(`Starting ${count} worker processes on port ${config.port} (WEB_CONCURRENCY${config.webConcurrency ? "" : " unset: one per core"}).`);
  for (let i = 0; i < count; i++) start();
  return true;
}
