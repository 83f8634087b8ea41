import { Gauge, Registry } from "prom-client";
import type { Db } from "../../db/client";
import { readOutboxState, type OutboxState } from "../mail/outbox-state";

/**
 * Figures of the whole database rather than of one process: the mail outbox, read with one cheap
 * statement at scrape time. In a cluster only the worker that takes the scrape reads them, so they
 * appear once (cluster.ts). A database that does not answer does not fail the scrape: ff_database_up
 * says 0 and the outbox figures are left out.
 */
export function createDatabaseMetrics(db: Db): Registry {
  const registry = new Registry();
  // The gauges are collected side by side: the first to ask starts the one read, the others share it.
  let reading: Promise<OutboxState | null> | null = null;
  const read = () =>
    (reading ??= readOutboxState(db)
      .catch(() => null)
      .finally(() => (reading = null)));

  new Gauge({
    name: "ff_database_up",
    help: "1 when the database answered the scrape's outbox query, 0 when it did not",
    registers: [registry],
    async collect() {
      this.set((await read()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "ff_outbox_messages",
    help: "E-mail in the outbox by state: queued (waiting for a worker), sending (claimed by one), failed (given up)",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const state = await read();
      if (!state) return;
      for (const name of ["queued", "sending", "failed"] as const) this.set({ state: name }, state[name]);
    },
  });
  new Gauge({
    name: "ff_outbox_oldest_queued_age_seconds",
    help: "Age of the oldest message not yet sent (0: none waiting)",
    registers: [registry],
    async collect() {
      this.reset();
      const state = await read();
      if (state) this.set(state.oldestQueuedSeconds);
    },
  });
  return registry;
}
