import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/server/db/schema";
import { queueMail } from "~/server/platform/mail/outbox";
import { simulationFactory } from "../../fixtures/simulations";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { testEngine } from "../../helpers/database";
import { parsePrometheus, samplesOf, valueOf, type Sample } from "../../helpers/prometheus";

const TOKEN = "metrics-token-0123456789-0123456789-abc";
const OUTSIDE = "203.0.113.9";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => ctx.close());

/** A scrape from loopback (inject's default address), as Prometheus on the same machine would. */
async function scrape(app = ctx.app): Promise<Sample[]> {
  const response = await app.inject({ method: "GET", url: "/metrics" });
  expect(response.statusCode, response.body).toBe(200);
  return parsePrometheus(response.body);
}

const requestsOf = (samples: Sample[], route: string, status = "200", method = "GET") =>
  samplesOf(samples, "ff_http_requests_total", { method, route, status }).reduce((sum, s) => sum + s.value, 0);

describe("GET /metrics", () => {
  it("counts requests and their latency by route pattern and status, never by the address asked for", async () => {
    const before = await scrape();
    const simulation = await simulationFactory(ctx.db, { title: "Metrics Route" });
    for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    await ctx.app.inject({ method: "GET", url: `/api/simulations/${simulation.slug}` });
    await ctx.app.inject({ method: "GET", url: "/api/simulations/no-such-simulation-here" });
    await ctx.app.inject({ method: "GET", url: "/api/no-such-thing-at-all" });
    await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "nobody@example.com", password: "wrong-password-1" }, remoteAddress: "10.60.0.1" });
    const after = await scrape();

    expect(requestsOf(after, "/api/health") - requestsOf(before, "/api/health")).toBe(3);
    expect(requestsOf(after, "/api/simulations/:slug") - requestsOf(before, "/api/simulations/:slug")).toBe(1);
    expect(requestsOf(after, "/api/simulations/:slug", "404") - requestsOf(before, "/api/simulations/:slug", "404")).toBe(1);
    expect(requestsOf(after, "(no route)", "404")).toBeGreaterThanOrEqual(1);
    expect(requestsOf(after, "/api/auth/login", "401", "POST")).toBe(1);
    // Bounded labels: no series names an address that was asked for.
    const routes = new Set(samplesOf(after, "ff_http_requests_total").map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/no-such|metrics-route/);

    const health = { method: "GET", route: "/api/health", status: "200" };
    const count = valueOf(after, "ff_http_request_duration_seconds_count", health);
    expect(count).toBe(requestsOf(after, "/api/health"));
    const sum = valueOf(after, "ff_http_request_duration_seconds_sum", health);
    expect(sum).toBeGreaterThan(0);
    expect(sum / count).toBeLessThan(5);
    expect(valueOf(after, "ff_http_request_duration_seconds_bucket", { ...health, le: "+Inf" })).toBe(count);
    expect(valueOf(after, "ff_http_request_duration_seconds_bucket", { ...health, le: "30" })).toBe(count);
  });

  it("counts page-cache hits and misses", async () => {
    const before = await scrape();
    await simulationFactory(ctx.db, { title: "Cache Counting" });
    await ctx.app.inject({ method: "GET", url: "/api/simulations" });
    await ctx.app.inject({ method: "GET", url: "/api/simulations" });
    await ctx.app.inject({ method: "GET", url: "/api/simulations" });
    const after = await scrape();
    const delta = (result: string) => valueOf(after, "ff_page_cache_lookups_total", { kind: "json", result }) - valueOf(before, "ff_page_cache_lookups_total", { kind: "json", result });
    expect(delta("miss")).toBe(1);
    expect(delta("hit")).toBe(2);
    expect(valueOf(after, "ff_page_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "ff_page_cache_bytes")).toBeGreaterThan(100);
  });

  it("shows the outbox by state and the age of its oldest queued message, read at scrape time", async () => {
    await ctx.db.delete(outbox);
    const queued = await queueMail(ctx.db, { to: "queued@example.com", subject: "Queued", text: "x" });
    await queueMail(ctx.db, { to: "queued2@example.com", subject: "Queued too", text: "x" });
    const sending = await queueMail(ctx.db, { to: "sending@example.com", subject: "Sending", text: "x" });
    const failed = await queueMail(ctx.db, { to: "failed@example.com", subject: "Failed", text: "x" });
    const sent = await queueMail(ctx.db, { to: "sent@example.com", subject: "Sent", text: "x" });
    await ctx.db.execute(sql`update outbox set created_at = now() - interval '125 seconds' where id = ${queued}`);
    await ctx.db.execute(sql`update outbox set claimed_until = now() + interval '2 minutes' where id = ${sending}`);
    await ctx.db.execute(sql`update outbox set status = 'failed' where id = ${failed}`);
    await ctx.db.execute(sql`update outbox set status = 'sent', sent_at = now(), created_at = now() - interval '1 day' where id = ${sent}`);

    const samples = await scrape();
    expect(valueOf(samples, "ff_database_up")).toBe(1);
    expect(valueOf(samples, "ff_outbox_messages", { state: "queued" })).toBe(2);
    expect(valueOf(samples, "ff_outbox_messages", { state: "sending" })).toBe(1);
    expect(valueOf(samples, "ff_outbox_messages", { state: "failed" })).toBe(1);
    const age = valueOf(samples, "ff_outbox_oldest_queued_age_seconds");
    expect(age).toBeGreaterThanOrEqual(125);
    expect(age).toBeLessThan(125 + 60);

    await ctx.db.delete(outbox);
    const empty = await scrape();
    expect(valueOf(empty, "ff_outbox_messages", { state: "queued" })).toBe(0);
    expect(valueOf(empty, "ff_outbox_oldest_queued_age_seconds")).toBe(0);
  });

  it("shows the database pool, the event-loop lag and the process's memory", async () => {
    const samples = await scrape();
    const max = valueOf(samples, "ff_db_pool_max");
    expect(max).toBe(testEngine === "postgres" ? 20 : 1);
    const inUse = valueOf(samples, "ff_db_pool_in_use");
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(inUse).toBeLessThanOrEqual(max);
    expect(valueOf(samples, "ff_db_pool_waiting")).toBeGreaterThanOrEqual(0);

    const lag = valueOf(samples, "nodejs_eventloop_lag_seconds");
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(5);
    expect(valueOf(samples, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
    const rss = valueOf(samples, "process_resident_memory_bytes");
    expect(rss).toBeGreaterThan(20 * 1024 * 1024);
    expect(rss).toBeLessThan(16 * 1024 * 1024 * 1024);
    expect(valueOf(samples, "nodejs_heap_size_used_bytes", {})).toBeGreaterThan(1024 * 1024);
  });

  it("sees the pool busy while statements wait for it", async () => {
    // Twelve slow statements at once: on PostgreSQL each holds a connection; on the embedded
    // database one runs and the rest queue in its worker.
    // (drizzle sends a statement when it is awaited: each is awaited at once.)
    const slow = Array.from({ length: 12 }, async () => await ctx.db.execute(sql`select pg_sleep(0.3)`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const samples = await scrape();
    await Promise.all(slow);
    if (testEngine === "postgres") expect(valueOf(samples, "ff_db_pool_in_use")).toBeGreaterThanOrEqual(12);
    else {
      expect(valueOf(samples, "ff_db_pool_in_use")).toBe(1);
      expect(valueOf(samples, "ff_db_pool_waiting")).toBeGreaterThanOrEqual(8);
    }
  });

  it("is never cached: each scrape is fresh, sent no-store, and the page cache does not keep it", async () => {
    const entries = valueOf(await scrape(), "ff_page_cache_entries");
    const first = await ctx.app.inject({ method: "GET", url: "/metrics" });
    const second = await ctx.app.inject({ method: "GET", url: "/metrics" });
    for (const response of [first, second]) {
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-cache"]).toBeUndefined();
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    }
    const scrapes = (body: string) => requestsOf(parsePrometheus(body), "/metrics");
    expect(scrapes(second.body)).toBe(scrapes(first.body) + 1);
    expect(valueOf(parsePrometheus(second.body), "ff_page_cache_entries")).toBe(entries);
  });

  it("is left out of the OpenAPI document, where readiness is described", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as { paths: Record<string, unknown> };
    expect(doc.paths["/metrics"]).toBeUndefined();
    expect(doc.paths["/api/health/ready"]).toBeDefined();
  });
});

describe("who may read /metrics", () => {
  const from = (remoteAddress: string, headers: Record<string, string> = {}, app = ctx.app) => app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

  it("refuses an anonymous caller from an address outside METRICS_ALLOW, and a staff session opens nothing", async () => {
    const anonymous = await from(OUTSIDE);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error.code).toBe("forbidden");
    expect(anonymous.body).not.toContain("ff_http_requests_total");
    const admin = await signedIn(ctx, ["admin"]);
    expect((await from(OUTSIDE, { cookie: admin.cookie })).statusCode).toBe(403);
  });

  it("serves anyone with the bearer token, and refuses a wrong one", async () => {
    const withToken = await from(OUTSIDE, { authorization: `Bearer ${TOKEN}` });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain("ff_http_requests_total");
    expect((await from(OUTSIDE, { authorization: `Bearer ${TOKEN.slice(0, -1)}x` })).statusCode).toBe(403);
    expect((await from(OUTSIDE, { authorization: TOKEN })).statusCode).toBe(403);
  });

  it("does not take X-Forwarded-For from a client when TRUST_PROXY is off", async () => {
    expect((await from(OUTSIDE, { "x-forwarded-for": "127.0.0.1" })).statusCode).toBe(403);
  });

  it("behind a trusted proxy, judges the forwarded client address, not the proxy's", async () => {
    const behind = await createTestApp({ TRUST_PROXY: "1", METRICS_ALLOW: "10.1.0.0/16,2001:db8::7" });
    try {
      // The proxy is on loopback, but loopback is no longer allowed: the client behind it counts.
      expect((await from("127.0.0.1", { "x-forwarded-for": "10.1.2.3" }, behind.app)).statusCode).toBe(200);
      expect((await from("127.0.0.1", { "x-forwarded-for": "2001:db8::7" }, behind.app)).statusCode).toBe(200);
      expect((await from("127.0.0.1", { "x-forwarded-for": OUTSIDE }, behind.app)).statusCode).toBe(403);
      expect((await from("127.0.0.1", {}, behind.app)).statusCode).toBe(403);
      // A client that writes an allowed address itself: the proxy appends the real one, which is judged.
      expect((await from("127.0.0.1", { "x-forwarded-for": `10.1.2.3, ${OUTSIDE}` }, behind.app)).statusCode).toBe(403);
      // No token configured: a bearer header opens nothing.
      expect((await from("127.0.0.1", { "x-forwarded-for": OUTSIDE, authorization: `Bearer ${TOKEN}` }, behind.app)).statusCode).toBe(403);
    } finally {
      await behind.close();
    }
  });
});
