import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { registerAccessControl } from "~/server/platform/access";
import { needsRoleMessage } from "~/shared/refusal";
import { STAFF_ROLES, type StaffRole } from "~/shared/roles";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Fills path parameters with a well-formed id so the route itself is reached. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");

describe("every /api route declares who may call it", () => {
  it("registers a meaningful set of routes, public and private", () => {
    const privateRoutes = ctx.app.apiRoutes.filter((route) => route.access !== "public");
    expect(privateRoutes.length).toBeGreaterThanOrEqual(5);
    expect(ctx.app.apiRoutes.filter((route) => route.access === "public").length).toBeGreaterThanOrEqual(4);
  });

  it("refuses to register an /api route without a declaration", () => {
    const app = Fastify();
    app.decorate("db", ctx.db);
    registerAccessControl(app, "secret");
    expect(() => app.get("/api/undeclared", async () => "oops")).toThrow(/does not declare its access/);
  });

  it("answers 401 to an anonymous caller on every private route", async () => {
    const privateRoutes = ctx.app.apiRoutes.filter((route) => route.access !== "public");
    for (const route of privateRoutes) {
      const response = await ctx.app.inject({ method: route.method as "GET", url: concrete(route.url), payload: route.method === "GET" ? undefined : {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().error.code).toBe("unauthenticated");
    }
  });

  it("answers 403 to a signed-in caller without the route's role", async () => {
    const cookies = new Map<string, string>();
    const cookieFor = async (roles: StaffRole[]) => {
      const key = roles.join(",");
      if (!cookies.has(key)) cookies.set(key, (await signedIn(ctx, roles)).cookie);
      return cookies.get(key)!;
    };
    let checked = 0;
    for (const route of ctx.app.apiRoutes) {
      if (!Array.isArray(route.access)) continue;
      // Every role that does not open the route (admin opens everything).
      const others = STAFF_ROLES.filter((role) => role !== "admin" && !(route.access as readonly string[]).includes(role));
      if (others.length === 0) continue;
      const response = await ctx.app.inject({
        method: route.method as "GET",
        url: concrete(route.url),
        headers: { cookie: await cookieFor(others) },
        payload: route.method === "GET" ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url} as ${others.join(",")}`).toBe(403);
      expect(response.json().error.code).toBe("forbidden");
      // One sentence for every refusal, naming Admin and each role the route accepts.
      expect(response.json().error.message).toBe(needsRoleMessage("This request", route.access));
      expect(response.json().error.message).toMatch(/^This request needs the Admin( or [A-Z][a-z]+|(, [A-Z][a-z]+)* or [A-Z][a-z]+)? role\.$/);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("keeps candidate routes to candidates (and, for one report, admin and admissions staff)", async () => {
    const candidateRoutes = ctx.app.apiRoutes.filter((route) => route.access === "candidate").map((route) => `${route.method} ${route.url}`);
    expect(candidateRoutes).toEqual(
      expect.arrayContaining(["GET /api/simulation/reports", "GET /api/simulation/report/:slug", "GET /api/simulation/report/:slug/pdf"]),
    );
    const sales = await signedIn(ctx, ["sales"]);
    for (const url of ["/api/simulation/reports", `/api/simulation/report/${concrete(":slug")}`]) {
      const response = await ctx.app.inject({ method: "GET", url, headers: { cookie: sales.cookie } });
      expect([401, 404], url).toContain(response.statusCode);
    }
  });

  it("lets admin through every role check", async () => {
    const admin = await signedIn(ctx, ["admin"]);
    // Candidate routes are a candidate's own data, not a role's (tests/api/reports/candidate.test.ts).
    for (const route of ctx.app.apiRoutes.filter((r) => r.method === "GET" && r.access !== "public" && r.access !== "candidate")) {
      const response = await ctx.app.inject({ method: "GET", url: concrete(route.url), headers: { cookie: admin.cookie } });
      expect(response.statusCode, route.url).not.toBe(401);
      expect(response.statusCode, route.url).not.toBe(403);
    }
  });
});
