import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../helpers/app";
import { testEngine } from "../../helpers/database";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("platform", () => {
  it("health names the engine and says the database answers", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", engine: testEngine, database: "up" });
  });

  it("health answers 503 when the database does not", async () => {
    const broken = await createTestApp();
    await broken.app.close();
    const { buildApp } = await import("~/server/app");
    const down = await buildApp({
      config: broken.config,
      database: { db: broken.db, engine: testEngine, ping: () => Promise.reject(new Error("down")), close: async () => {}, pglite: null, pool: null },
      secret: "x".repeat(40),
      logger: false,
    });
    const response = await down.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", engine: testEngine, database: "down" });
    await down.close();
    await broken.close().catch(() => {});
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await ctx.app.inject({ method, url: "/api/no-such-thing?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json().error).toEqual({ code: "not_found", message: `No route ${method} /api/no-such-thing` });
    }
  });

  it("answers broken JSON, a wrong content type and an oversized body without a 500", async () => {
    const broken = await ctx.app.inject({ method: "POST", url: "/api/newsletter", headers: { "content-type": "application/json" }, payload: "{nope" });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe("invalid");
    const text = await ctx.app.inject({ method: "POST", url: "/api/newsletter", headers: { "content-type": "application/xml" }, payload: "<email/>" });
    expect(text.statusCode).toBe(415);
    const huge = await ctx.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "a@b.co", website: "x".repeat(2 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe("payload_too_large");
  });

  it("sends security headers", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("serves an OpenAPI description generated from the route schemas", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const body = doc.paths["/api/newsletter"].post.requestBody.content["application/json"].schema;
    expect(body.required).toContain("email");
    expect(body.properties.email.type).toBe("string");
    for (const route of ctx.app.apiRoutes.filter((r) => r.url !== "/api/openapi.json")) {
      const openApiPath = route.url.replace(/:(\w+)/g, "{$1}");
      expect(doc.paths[openApiPath]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });
});
