import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import type { Database } from "~/server/db/client";
import { contentVersion } from "~/server/db/schema";
import { openContentVersion, VERSION_READER_NAME } from "~/server/platform/content-version";
import { simulationFactory } from "../../fixtures/simulations";
import { createTestDatabase } from "../../helpers/database";

// A real listening server: hits of the anonymous cache are answered by the HTTP server before
// Fastify (PublicCache.serveHit), which app.inject would not show.
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let base: string;
/** Requests that reached Fastify (its first onRequest hook). */
let reachedApp = 0;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_BASE_URL: "http://localhost:3000" });
  app = await buildApp({ config, database, secret: "test-secret-0123456789-0123456789-abcdef", logger: false });
  app.addHook("onRequest", async () => void reachedApp++);
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await drop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { "accept-encoding": "br", ...headers } });
/** The headers of an answer without those that differ from one response to the next. */
const stable = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !["date", "x-cache", "keep-alive", "connection"].includes(name)));

describe("anonymous cache hits answered before the app", () => {
  it("send the bytes and headers of the first answer, security headers included, without reaching Fastify", async () => {
    await simulationFactory(database.db, { title: "Served Early" });
    const miss = await get("/api/simulations");
    expect(miss.headers.get("x-cache")).toBe("miss");
    const missBody = await miss.text();

    const before = reachedApp;
    const hit = await get("/api/simulations");
    expect(reachedApp).toBe(before);
    expect(hit.headers.get("x-cache")).toBe("hit");
    expect(hit.headers.get("content-encoding")).toBe("br");
    expect(await hit.text()).toBe(missBody);
    expect(missBody).toContain("Served Early");
    // The first answer went out identity-encoded; the stored one is the same JSON, compressed.
    expect({ ...stable(hit), "content-encoding": undefined, "content-length": undefined }).toEqual({ ...stable(miss), "content-encoding": undefined, "content-length": undefined });
    for (const header of ["x-frame-options", "x-content-type-options", "strict-transport-security", "referrer-policy", "cross-origin-opener-policy"]) {
      expect(hit.headers.get(header), header).toBeTruthy();
    }
    expect(hit.headers.get("etag")).toMatch(/^W\/"\d+-[\w-]+"$/);

    const repeat = await get("/api/simulations", { "if-none-match": hit.headers.get("etag")! });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe("");
    const head = await fetch(`${base}/api/simulations`, { method: "HEAD", headers: { "accept-encoding": "identity" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(missBody)));
    expect(reachedApp).toBe(before);
  });

  it("leave signed-in callers, other addresses and stale entries to the app", async () => {
    await get("/api/simulations");
    const before = reachedApp;
    for (const cookie of ["ff_session=someone", "ff_candidate=someone"]) {
      const response = await get("/api/simulations", { cookie });
      expect(response.headers.get("x-cache"), cookie).toBeNull();
    }
    expect((await get("/api/simulations?x=1")).headers.get("x-cache")).toBeNull();
    expect((await fetch(`${base}/api/simulations`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })).status).toBeGreaterThanOrEqual(400);
    expect(reachedApp).toBe(before + 4);

    // An edit committed by anyone: the very next request is a fresh answer with it.
    await simulationFactory(database.db, { title: "Added Later" });
    const next = await get("/api/simulations");
    expect(next.headers.get("x-cache")).toBe("miss");
    expect(await next.text()).toContain("Added Later");
    expect(reachedApp).toBe(before + 5);
  });
});

describe("the content version", () => {
  it("moves on when an edit commits, before the code that made it goes on, and not when it rolls back", async () => {
    const version = await openContentVersion(database);
    try {
      const start = await version.current();
      await database.db
        .transaction(async (tx) => {
          await tx.update(contentVersion).set({ version: start + 100 });
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      expect(await version.current()).toBe(start);
      await simulationFactory(database.db);
      expect(await version.current()).toBe(start + 1);
      if (database.engine === "pglite") {
        // Embedded: known in memory, no read per request.
        expect(version.current()).toBe(start + 1);
      } else {
        // PostgreSQL: its own connection; when the server ends it, the next read opens another.
        const [{ ended }] = (await database.pool!.query(
          "select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where application_name = $1 and datname = current_database()",
          [VERSION_READER_NAME],
        )).rows as [{ ended: number }];
        // This reader and the app's (both on this database).
        expect(ended).toBe(2);
        await simulationFactory(database.db);
        expect(await version.current()).toBe(start + 2);
      }
    } finally {
      await version.close();
    }
  });
});
