import { collectDefaultMetrics, Registry } from "prom-client";

let registry: Registry | null = null;

/**
 * The process's own figures (memory, heap, event-loop lag, CPU, handles, GC): prom-client's default
 * set, started once per process however many apps it builds (tests build one per file), since they
 * measure the process, not an app. The event-loop delay monitor samples every 10 ms.
 */
export function processMetrics(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
