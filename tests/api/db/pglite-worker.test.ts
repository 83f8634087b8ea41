// The embedded database runs in a worker thread (src/server/db/pglite-worker.ts) behind a proxy
// (pglite-proxy.ts): transactions, errors and types cross the threads as PGlite in the process gave
// them, a notification reaches its listener before the statement that delivered it resolves, a long
// statement leaves the server's event loop free, answers are taken one per turn of the event loop,
// and a waiting sign-in goes before waiting bulk work.
// The first two parts run on both engines; the worker's own on PGlite.
import { sql, TransactionRollbackError } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Database, type Db } from "~/server/db/client";
import { currentQueryPriority, holdForInteractive, onInteractiveHold, withQueryPriority } from "~/server/db/priority";
import { bumpContentVersion, openContentVersion } from "~/server/platform/content-version";
import { databaseAppError } from "~/server/platform/errors";
import { registerQueryPriority, routePriority } from "~/server/platform/query-priority";
import { createTestDatabase, testEngine } from "../../helpers/database";

let database: Database;
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  db = database.db;
  await db.execute(sql`create table worker_probe (id int primary key, note text not null)`);
});
afterAll(() => drop());

const notes = async () => rowsOf<{ id: number; note: string }>(await db.execute(sql`select id, note from worker_probe order by id`));
const clear = () => db.execute(sql`delete from worker_probe`);

describe("transactions", () => {
  it("commits a transaction's writes and rolls back one that throws, handing back the same error", async () => {
    await clear();
    const value = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (1, 'kept')`);
      await tx.execute(sql`insert into worker_probe values (2, 'kept too')`);
      // Inside the transaction its own writes are visible.
      expect(rowsOf(await tx.execute(sql`select count(*)::int as n from worker_probe`))).toEqual([{ n: 2 }]);
      return "done";
    });
    expect(value).toBe("done");
    const thrown = new Error("changed my mind");
    const failure = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (3, 'gone')`);
        throw thrown;
      })
      .catch((error: unknown) => error);
    expect(failure).toBe(thrown);
    const rolledBack = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (4, 'gone too')`);
        tx.rollback();
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toBeInstanceOf(TransactionRollbackError);
    expect(await notes()).toEqual([{ id: 1, note: "kept" }, { id: 2, note: "kept too" }]);
    // The database takes new work afterwards (nothing left open).
    await db.execute(sql`insert into worker_probe values (5, 'after')`);
    expect((await notes()).map((n) => n.id)).toEqual([1, 2, 5]);
  });

  it("rolls back a nested transaction (a savepoint) alone", async () => {
    await clear();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (1, 'outer')`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into worker_probe values (2, 'inner')`);
        throw new Error("inner fails");
      }).catch(() => {});
      await tx.execute(sql`insert into worker_probe values (3, 'outer again')`);
    });
    expect((await notes()).map((n) => n.id)).toEqual([1, 3]);
  });
});

describe("errors", () => {
  it("keep PostgreSQL's fields (code, constraint, detail), so a unique violation is a 409 naming the field", async () => {
    await clear();
    await db.execute(sql`insert into worker_probe values (1, 'first')`);
    for (const attempt of [
      () => db.execute(sql`insert into worker_probe values (1, 'again')`),
      () => db.transaction((tx) => tx.execute(sql`insert into worker_probe values (1, 'again, in a transaction')`)),
    ]) {
      const failure = await attempt().then(() => null, (error: unknown) => error);
      const cause = (failure as { cause?: Record<string, unknown> }).cause;
      expect(cause).toBeInstanceOf(Error);
      expect(cause).toMatchObject({ code: "23505", constraint: "worker_probe_pkey", detail: "Key (id)=(1) already exists.", table: "worker_probe" });
      expect(String(cause!.message)).toContain("duplicate key value violates unique constraint");
      expect(databaseAppError(failure)).toMatchObject({ code: "conflict", fields: { id: "Another record already has this id" } });
    }
    const division = await db.execute(sql`select 1 / 0`).then(() => null, (error: unknown) => error);
    expect((division as { cause?: { code?: string } }).cause?.code).toBe("22012");
  });
});

if (testEngine === "pglite") describe("the PGlite worker", () => {
  it("answers values as PGlite in the process did: timestamps as text, bytea as bytes, numbers, JSON, arrays", async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select timestamptz '2025-03-14 10:15:00+00' as at, date '2025-03-14' as day, '\\x00ff10'::bytea as bytes,
        42::int as n, 2.5::float8 as f, '{"a":[1,"b"]}'::jsonb as doc, array['x','y'] as list, true as yes, null as nothing`),
    );
    expect(row).toEqual({
      at: "2025-03-14 10:15:00+00",
      day: "2025-03-14",
      bytes: new Uint8Array([0, 255, 16]),
      n: 42,
      f: 2.5,
      doc: { a: [1, "b"] },
      list: ["x", "y"],
      yes: true,
      nothing: null,
    });
    // A binary parameter that is a slice of a larger buffer arrives as exactly its bytes.
    const big = Buffer.from([9, 9, 1, 2, 3, 9]);
    const [echo] = rowsOf<{ b: Uint8Array }>(await db.execute(sql`select ${big.subarray(2, 5)}::bytea as b`));
    expect([...echo!.b]).toEqual([1, 2, 3]);
  });

  it("hands a notification to its listener before the statement that committed it resolves", async () => {
    const seen: string[] = [];
    const listener = (channel: string, payload: string) => seen.push(`${channel}:${payload}`);
    const stopListening = database.pglite!.onNotification(listener);
    try {
      await database.pglite!.exec("LISTEN worker_probe_channel");
      await db.execute(sql`select pg_notify('worker_probe_channel', 'plain')`);
      expect(seen).toEqual(["worker_probe_channel:plain"]);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('worker_probe_channel', 'in a transaction')`);
        expect(seen).toHaveLength(1); // delivered at commit, not before
      });
      expect(seen).toEqual(["worker_probe_channel:plain", "worker_probe_channel:in a transaction"]);
    } finally {
      stopListening();
    }
    // What the public page cache relies on: the version has moved on when the edit's statement resolves.
    const version = await openContentVersion(database);
    try {
      const before = await version.current();
      await bumpContentVersion(db);
      expect(version.current()).toBe(before + 1);
    } finally {
      await version.close();
    }
  });

  it("leaves the server's event loop free while a statement runs", async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    try {
      const t0 = performance.now();
      await db.execute(sql`select pg_sleep(0.5)`);
      await db.execute(sql`select count(*) from generate_series(1, 2000000)`);
      const took = performance.now() - t0;
      // With PGlite on this thread the timer could not fire at all until both had finished.
      expect(took).toBeGreaterThanOrEqual(500);
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 10 / 4));
      expect(longestGap).toBeLessThan(took / 2);
    } finally {
      clearInterval(timer);
    }
  });

  it("takes one answer per turn of the event loop, so timers and sockets are served between answers that arrive together", async () => {
    let answered = 0;
    let answeredWhenTimerFired = -1;
    const spin = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const answers = Array.from({ length: 30 }, () =>
      db.execute(sql`select 1`).then(() => {
        if (answered++ === 0) setTimeout(() => (answeredWhenTimerFired = answered), 0);
        spin(3); // an answer's continuation: a list page made into leads and serialised
      }),
    );
    spin(100); // the statements are on their way: the worker answers them all, and the answers wait on the port together
    await Promise.all(answers);
    // All 30 answers at once (Node's default for a port's waiting messages) would fire the timer after the last.
    expect(answered).toBe(30);
    expect(answeredWhenTimerFired).toBeGreaterThan(0);
    expect(answeredWhenTimerFired).toBeLessThan(10);
  });

  it("runs a waiting interactive statement before waiting bulk ones, never cutting into a running one or an open transaction", async () => {
    const order: string[] = [];
    const note = (name: string) => () => void order.push(name);
    const bulk = (name: string, statement = sql`select 1`) => withQueryPriority("bulk", () => db.execute(statement).then(note(name)));
    const running = bulk("running", sql`select pg_sleep(0.6)`);
    await new Promise((resolve) => setTimeout(resolve, 200)); // running by then, on a busy machine too
    const queued = [bulk("bulk 1"), bulk("bulk 2"), bulk("bulk 3")];
    const signIn = withQueryPriority("interactive", () => db.execute(sql`select 1`).then(note("interactive")));
    await Promise.all([running, ...queued, signIn]);
    expect(order).toEqual(["running", "interactive", "bulk 1", "bulk 2", "bulk 3"]);

    // An open (bulk) transaction holds the database until it ends, whatever waits meanwhile.
    order.length = 0;
    let interactive: Promise<void> | null = null;
    await withQueryPriority("bulk", () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`); // open from here on
        interactive = withQueryPriority("interactive", () => db.execute(sql`select 1`).then(note("interactive")));
        await tx.execute(sql`select pg_sleep(0.1)`);
        order.push("transaction's statement");
      }),
    );
    order.push("committed");
    await interactive;
    expect(order).toEqual(["transaction's statement", "committed", "interactive"]);
  });

  it("sends a transaction's statements before it opens, and runs them, in order, as soon as it does", async () => {
    await clear();
    const order: string[] = [];
    const running = db.execute(sql`select pg_sleep(0.3)`).then(() => void order.push("running statement done"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Asked while the database is busy: the callback starts at once (no wait for BEGIN's answer).
    const committed = db.transaction(async (tx) => {
      order.push("callback started");
      await tx.execute(sql`insert into worker_probe values (1, 'first')`);
      await tx.execute(sql`insert into worker_probe values (2, 'second')`);
      return "committed";
    });
    // One that fails on a statement sent before it opened rolls back and hands back PostgreSQL's error.
    const failed = db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (3, 'rolled back')`);
        await tx.execute(sql`insert into worker_probe values (1, 'taken')`);
      })
      .catch((error: unknown) => (error as { cause?: { code?: string } }).cause?.code);
    // One that gives up before any statement, and one with no statement at all.
    const abandoned = db.transaction(async () => Promise.reject(new Error("gave up"))).catch((error: Error) => error.message);
    const empty = db.transaction(async () => "nothing to do");
    expect(await Promise.all([committed, failed, abandoned, empty, running])).toEqual(["committed", "23505", "gave up", "nothing to do", undefined]);
    expect(order).toEqual(["callback started", "running statement done"]);
    expect(await notes()).toEqual([{ id: 1, note: "first" }, { id: 2, note: "second" }]);
  });

  it("starts no lower-priority statement while an interactive request holds the database, for a short time at most", async () => {
    const settled = (promise: Promise<unknown>) => {
      let done = false;
      void promise.then(() => (done = true));
      return () => done;
    };
    const release = holdForInteractive();
    // drizzle's queries start when awaited: inside the callback, so under its priority.
    const bulk = withQueryPriority("bulk", async () => await db.execute(sql`select 1`));
    const bulkDone = settled(bulk);
    await withQueryPriority("interactive", async () => await db.execute(sql`select 1`));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(bulkDone()).toBe(false);
    release();
    await bulk;
    // A hold never released (a request that never answered) lapses on its own.
    holdForInteractive();
    const t0 = performance.now();
    await withQueryPriority("normal", async () => await db.execute(sql`select 1`));
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});

describe("request priorities", () => {
  it("sign-in and a candidate's routes are interactive, CSV imports and exports bulk, the rest normal", () => {
    expect(routePriority("/api/auth/login", "public")).toBe("interactive");
    expect(routePriority("/api/simulation/verify", "public")).toBe("interactive");
    expect(routePriority("/api/simulation/reports", "candidate")).toBe("interactive");
    expect(routePriority("/api/crm/sync-csv", ["sales"])).toBe("bulk");
    expect(routePriority("/api/crm/leads.csv", ["sales"])).toBe("bulk");
    expect(routePriority("/api/simulation/admin/reports/import", ["admissions"])).toBe("bulk");
    expect(routePriority("/api/crm/leads", ["sales"])).toBe("normal");
    expect(routePriority("/api/crm/leads", ["sales"], "bulk")).toBe("bulk");
    expect(routePriority(undefined, undefined)).toBe("normal");
  });

  it("hold for everything a request's hooks and handler await (with the embedded database's worker; untracked without)", async () => {
    // The worker listens for interactive holds (pglite-proxy.ts); this process's test database may be PostgreSQL.
    const stopListening = onInteractiveHold(() => {});
    const app = Fastify();
    registerQueryPriority(app);
    app.addHook("preHandler", async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      (request as unknown as { seenInHook: string }).seenInHook = currentQueryPriority();
    });
    const handler = async (request: unknown) => {
      await new Promise((resolve) => setImmediate(resolve));
      return { hook: (request as { seenInHook: string }).seenInHook, handler: currentQueryPriority() };
    };
    app.post("/api/auth/login", { config: { access: "public" } }, handler);
    app.get("/api/crm/leads.csv", { config: { access: ["sales"] } }, handler);
    app.get("/api/crm/leads", { config: { access: ["sales"] } }, handler);
    app.get("/api/crm/leads/:id", { config: { access: ["sales"], priority: "bulk" } }, handler);
    const [login, exported, list, declared] = await Promise.all([
      app.inject({ method: "POST", url: "/api/auth/login" }),
      app.inject({ method: "GET", url: "/api/crm/leads.csv" }),
      app.inject({ method: "GET", url: "/api/crm/leads" }),
      app.inject({ method: "GET", url: "/api/crm/leads/7" }),
    ]);
    expect(login.json()).toEqual({ hook: "interactive", handler: "interactive" });
    expect(exported.json()).toEqual({ hook: "bulk", handler: "bulk" });
    expect(list.json()).toEqual({ hook: "normal", handler: "normal" });
    expect(declared.json()).toEqual({ hook: "bulk", handler: "bulk" });
    expect(currentQueryPriority()).toBe("normal");
    stopListening();
    // No worker (the PostgreSQL project's process has none): nothing reads a priority, so none is kept.
    if (testEngine === "postgres") expect((await app.inject({ method: "POST", url: "/api/auth/login" })).json()).toEqual({ hook: "normal", handler: "normal" });
    await app.close();
  });
});
