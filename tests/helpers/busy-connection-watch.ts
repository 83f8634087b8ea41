// Set up for every PostgreSQL integration test file (vitest.config.ts): a statement handed to a
// connection that is still running another fails the test it happened in. A connection takes one
// statement at a time: node-postgres queues the second (and warns that pg 9 will refuse it), and in a
// transaction, work sent side by side interleaves its savepoints (the demo seed's portraits did).
// Watches node-postgres itself, not our code.
import pg from "pg";
import { afterEach, beforeEach, expect } from "vitest";

type Watched = pg.Client & { _activeQuery: unknown; _queryQueue: unknown[] };
type Query = typeof pg.Client.prototype.query & { watched?: true };

// Files share a worker's modules (isolate: false) but this file runs again for each: one list and
// one wrapper per worker, on globalThis.
const shared = globalThis as { sentWhileBusy?: string[] };
const sent = (shared.sentWhileBusy ??= []);
const query = pg.Client.prototype.query as Query;
if (!query.watched) {
  const watched = function (this: Watched, ...args: Parameters<Query>) {
    if (this._activeQuery || this._queryQueue.length > 0) {
      const [statement] = args as unknown[];
      sent.push(String(typeof statement === "string" ? statement : (statement as { text?: string } | undefined)?.text).slice(0, 80));
    }
    return query.apply(this, args);
  } as Query;
  watched.watched = true;
  pg.Client.prototype.query = watched;
}

/** The statements of the current test sent to a busy connection so far. */
export const sentWhileBusy = (): readonly string[] => sent;

beforeEach(() => {
  sent.length = 0;
});
afterEach(() => {
  expect(sent, "statements sent to a PostgreSQL connection still running another").toEqual([]);
});
