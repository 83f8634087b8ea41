import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import type { Database } from "~/server/db/client";
import { listMentors } from "~/server/features/mentors/service";
import { findSimulationBySlug, listPublicSimulationCards } from "~/server/features/simulations/service";
import { DataRoutes } from "~/server/platform/data-routes";
import { simulationFactory } from "../../fixtures/simulations";
import { createTestDatabase } from "../../helpers/database";

// The pages' real route manifest, without `npm run build`: React Router's server build as Vite makes
// it for the development server, served the production way (shared renders in the page cache).
let vite: ViteDevServer;
/** The app's build: no route opts out of revalidation, so its client never sends `_routes`. */
let build: ServerBuild;
/**
 * The same build with a root that keeps its data on navigation (`shouldRevalidate`, a client-side
 * export the server never calls): its client sends `_routes` with the other matched loaders.
 */
let optingOut: ServerBuild;
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;

beforeAll(async () => {
  vite = await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: "custom", logLevel: "silent" });
  build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const root = build.routes.root!;
  optingOut = { ...build, routes: { ...build.routes, root: { ...root, module: { ...root.module, shouldRevalidate: () => false } } } };
  ({ database, drop } = await createTestDatabase());
  const db = database.db;
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_BASE_URL: "http://localhost:3000" });
  app = await buildApp({
    config,
    database,
    secret: "test-secret-0123456789-0123456789-abcdef",
    logger: false,
    pages: {
      mode: "production",
      getBuild: async () => optingOut,
      context: {
        publicBaseUrl: config.publicBaseUrl,
        site: config.site,
        listMentors: () => listMentors(db),
        listSimulationCards: () => listPublicSimulationCards(db),
        findSimulationBySlug: (slug) => findSimulationBySlug(db, slug),
      },
    },
  });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await drop?.();
  await vite?.close();
});

const get = (url: string) => app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });

describe("React Router's `_routes` in the public page cache", () => {
  it("knows from the build that the app's client sends no `_routes` today", () => {
    const routes = new DataRoutes(build);
    for (const [page, ids] of [
      ["/founders-find.data", ["routes/founders-find"]],
      ["/founders-find.data", ["root", "routes/founders-find"]],
      ["/simulations/x.data", ["routes/simulations"]],
      ["/_.data", ["root"]],
    ] as const) {
      expect(routes.allows(page, DataRoutes.query([...ids])), `${page} ${ids.join(",")}`).toBe(false);
    }
  });

  it("knows from the build which `_routes` values the client sends for a page once a route opts out", () => {
    const routes = new DataRoutes(optingOut);
    // Root and page have loaders, the layout has none.
    expect(routes.loaderRoutesOf("/founders-find")).toEqual(["root", "routes/founders-find"]);
    expect(routes.loaderRoutesOf("/simulations/some-slug")).toEqual(["root", "routes/simulations"]);
    // What a navigation from another public page sends: only the new page's loader, URLSearchParams-encoded.
    expect(routes.allows("/founders-find.data", "_routes=routes%2Ffounders-find")).toBe(true);
    expect(routes.allows("/founders-find.data", DataRoutes.query(["root", "routes/founders-find"]))).toBe(true);
    expect(routes.allows("/_.data", DataRoutes.query(["root"]))).toBe(true);
    expect(routes.allows("/_.data", DataRoutes.query(["root", "routes/home"])), "the home page's route has no loader").toBe(false);
    for (const query of [
      "_routes=routes/founders-find", // not the form the client writes
      "_routes=routes%2ffounders-find",
      DataRoutes.query(["routes/founders-find", "root"]), // not in match order
      DataRoutes.query(["root", "root"]),
      DataRoutes.query(["routes/about"]), // another page's route
      DataRoutes.query(["routes/public-layout"]), // no loader
      DataRoutes.query([""]),
      "_routes=",
      "_routes=root&x=1",
      "x=1",
    ]) {
      expect(routes.allows("/founders-find.data", query), query).toBe(false);
    }
    expect(routes.allows("/founders-find", DataRoutes.query(["root"])), "not a data request").toBe(false);
  });

  it("stores the emitted value (a hit on the second request) and answers 1,000 made-up values uncached, leaving the cache as it was", async () => {
    await simulationFactory(database.db, { title: "Routes Check" });
    const emitted = `/simulations.data?${DataRoutes.query(["routes/simulations"])}`;
    const first = await get(emitted);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    const second = await get(emitted);
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.headers["content-encoding"]).toBe("br");
    const plain = await app.inject({ method: "GET", url: emitted });
    expect(plain.body).toContain("Routes Check");
    // Every route's data, the form without `_routes`, is one more entry of its own.
    expect((await get("/simulations.data")).headers["x-cache"]).toBe("miss");
    expect((await get("/simulations.data")).headers["x-cache"]).toBe("hit");

    const before = { ...app.publicCache.size };
    expect(before.entries).toBe(2);
    const junk = (i: number) => {
      const kinds = [
        () => `_routes=${randomBytes(6).toString("hex")}`,
        () => `_routes=routes%2Fsimulations%2C${i}`,
        () => `_routes=routes/simulations&n=${i}`,
        () => `_routes=${"root%2C".repeat(1 + (i % 5))}routes%2Fsimulations`,
        () => `_routes=routes%2Fsimulation${i}`,
      ];
      return kinds[i % kinds.length]!();
    };
    for (let i = 0; i < 1000; i++) {
      const response = await get(`/simulations.data?${junk(i)}`);
      expect(response.statusCode, junk(i)).toBe(200);
      expect(response.headers["x-cache"], junk(i)).toBeUndefined();
      expect(response.headers.etag, junk(i)).toBeUndefined();
    }
    expect(app.publicCache.size).toEqual(before);

    // Answered correctly though uncached: the same data as the emitted value's answer.
    const unencoded = await app.inject({ method: "GET", url: "/simulations.data?_routes=routes/simulations" });
    expect(unencoded.headers["x-cache"]).toBeUndefined();
    expect(unencoded.body).toBe(plain.body);
    // And what was stored is still there.
    expect((await get(emitted)).headers["x-cache"]).toBe("hit");
    expect((await get("/simulations.data")).headers["x-cache"]).toBe("hit");
  }, 120_000);

  it("stores the home page's data request under the name the client asks for (`/_.data`), and no query on public JSON", async () => {
    for (const home of ["/_.data", `/_.data?${DataRoutes.query(["root"])}`]) {
      expect((await get(home)).headers["x-cache"], home).toBe("miss");
      expect((await get(home)).headers["x-cache"], home).toBe("hit");
    }
    const entries = app.publicCache.size.entries;
    for (const url of ["/api/simulations?_routes=root", "/api/mentors?_routes=x", "/about?_routes=root"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["x-cache"], url).toBeUndefined();
    }
    expect(app.publicCache.size.entries).toBe(entries);
  });

  it("sends the pages' policy with its report endpoint, on a shared render and from the cache", async () => {
    for (const state of ["miss", "hit"]) {
      const page = await get("/about");
      expect(page.headers["x-cache"]).toBe(state);
      expect(page.headers["content-security-policy"]).toMatch(/; report-uri \/api\/csp-reports; report-to csp$/);
      expect(page.headers["reporting-endpoints"]).toBe('csp="/api/csp-reports"');
    }
    const staffPage = await app.inject({ method: "GET", url: "/admin", headers: { cookie: "ff_session=nobody" } });
    expect(staffPage.headers["content-security-policy"]).toMatch(/'nonce-.*report-to csp/);
    expect(staffPage.headers["reporting-endpoints"]).toBe('csp="/api/csp-reports"');
  });
});
