import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config";
import { LOGIN_LIMITS } from "~/server/features/auth/service";
import { REQUEST_TIMEOUT_MESSAGE } from "~/server/platform/time-limits";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

/** Time limits, proxy trust and the smaller platform rules of issue 9, on a listening server. */
let ctx: TestContext;
let port: number;
let staffCookie: string;
const limits = { headersMs: 1_000, bodyIdleMs: 400, requestMs: 10_000, keepAliveMs: 2_000, checkIntervalMs: 200 };

beforeAll(async () => {
  ctx = await createTestApp({ TRUST_PROXY: "1" }, { timeLimits: limits });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as { port: number }).port;
  staffCookie = (await signedIn(ctx, ["admissions"])).cookie;
});
afterAll(() => ctx.close());

/** Writes raw bytes and resolves with whatever the server answers before closing (or "" after `waitMs`). */
function raw(bytes: string, waitMs = 5_000): Promise<{ text: string; closed: boolean; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed, ms: Date.now() - started });
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("close", () => done(true));
    socket.on("error", () => done(true));
    socket.write(bytes);
  });
}

describe("request time limits", () => {
  it("a body that stops arriving is answered 408 in our error shape and the connection closed", async () => {
    const body = JSON.stringify({ name: "Vikram", email: "v@example.com", subject: "Hi", message: "x".repeat(500) });
    const head = `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const answer = await raw(head + body.slice(0, 100));
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.text.split("\r\n\r\n")[1]!)).toEqual({ error: { code: "request_timeout", message: REQUEST_TIMEOUT_MESSAGE } });
  });

  it("a multipart upload that stalls halfway is let go the same way", async () => {
    const boundary = "stall";
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const head = `POST /api/applications HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${7 * 1024 * 1024}\r\n\r\n`;
    const answer = await raw(head + part + "x".repeat(64 * 1024));
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("keeps an idle connection for the keep-alive time, not the shorter body-idle time", async () => {
    const socket = connect(port, "127.0.0.1");
    let closedAt = 0;
    let answered = 0;
    socket.on("data", () => (answered ||= Date.now()));
    socket.on("close", () => (closedAt = Date.now()));
    socket.write("GET /api/mentors HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, limits.bodyIdleMs * 3));
    expect(answered).toBeGreaterThan(0);
    expect(closedAt).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, limits.keepAliveMs + 1_000));
    expect(closedAt).toBeGreaterThan(0);
    socket.destroy();
  });

  it("headers that never finish are closed too", async () => {
    const answer = await raw("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeLessThan(4_000);
  });

  it("a slow body that keeps arriving is not cut off", async () => {
    const body = JSON.stringify({ email: "slow.sender@example.com" });
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.write(`POST /api/newsletter HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    // One byte every 60 ms: far longer in total than the idle limit, never idle for as long.
    for (const char of body) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      socket.write(char);
    }
    await new Promise((resolve) => socket.on("close", resolve));
    expect(text).toMatch(/^HTTP\/1\.1 20\d /);
  });
});

describe("TRUST_PROXY", () => {
  it("takes a hop count or proxy addresses and CIDRs, and refuses a bare true", () => {
    const trust = (value: string) => loadConfig({ NODE_ENV: "test", TRUST_PROXY: value }).trustProxy;
    expect(trust("false")).toBe(false);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.0/8, 192.168.1.7,loopback,::1,fd00::/8")).toEqual(["10.0.0.0/8", "192.168.1.7", "loopback", "::1", "fd00::/8"]);
    expect(() => trust("true")).toThrow(/TRUST_PROXY: true would trust every hop/);
    expect(() => trust("10.0.0.0/33")).toThrow(/not understood: 10\.0\.0\.0\/33/);
    expect(() => trust("proxy.internal")).toThrow(/TRUST_PROXY/);
  });

  it("with one hop trusted, an address the client writes into X-Forwarded-For does not escape the per-address limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perAddress; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: `spread-${i}@example.com`, password: "wrong-password" },
        remoteAddress: "10.0.0.1",
        // The client's own claim first, then the address our one proxy saw.
        headers: { "x-forwarded-for": `198.51.100.${i}, 203.0.113.7` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, LOGIN_LIMITS.perAddress).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("smaller platform rules", () => {
  it("text/plain is refused with 415 like any other unsupported type", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/contact", payload: "name=Vikram", headers: { "content-type": "text/plain" } });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("unsupported_media_type");
  });

  it("a malformed URL is answered in our error shape", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/images/%E0%A4%A" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: "invalid", message: "The address is not a valid URL (a malformed %-escape)" } });
  });

  it("staff answers are never stored by a cache; public ones keep their own policy", async () => {
    const list = await ctx.app.inject({ method: "GET", url: "/api/applications", headers: { cookie: staffCookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("private, no-store");
    const inbox = await ctx.app.inject({ method: "GET", url: "/api/inbox", headers: { cookie: staffCookie } });
    expect(inbox.headers["cache-control"]).toBe("private, no-store");
    const denied = await ctx.app.inject({ method: "GET", url: "/api/applications" });
    expect(denied.headers["cache-control"]).toBe("private, no-store");
    const mentors = await ctx.app.inject({ method: "GET", url: "/api/mentors" });
    expect(mentors.headers["cache-control"]).not.toBe("private, no-store");
  });
});
