import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_ANSWER_LIMITS } from "~/server/platform/early-answer";
import { RESUME_MAX_BYTES } from "~/shared/application-options";
import { createTestApp, type TestContext } from "../../helpers/app";

/**
 * Issue 24 §2: an answer sent before the whole request body has arrived (413, 415, 401, 403) keeps
 * the connection usable for the next request, or closes it gracefully: never a reset.
 */
let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx.close());

const MB = 1024 * 1024;
const BOUNDARY = "early-refusal-boundary";

function multipartFile(field: string, bytes: number): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
  return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 0x41), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

function jsonBody(bytes: number): Buffer {
  return Buffer.from(JSON.stringify({ name: "Vikram", email: "v@example.com", subject: "Hi", message: "x".repeat(bytes) }));
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

/** One request through `agent`, the whole answer read; fails on any socket error or after 10 s. */
function send(agent: Agent, method: string, path: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, agent, headers: body ? { ...headers, "content-length": String(body.length) } : headers });
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${method} ${path} within 10 s`)));
    let socket: Socket | undefined;
    req.on("socket", (assigned) => (socket = assigned));
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString(), socket: socket! }));
    });
    req.end(body);
  });
}

/** Sends `refused` then a cheap GET, 20 times on one keep-alive connection: the same socket throughout. */
async function refusedThenReused(refused: { method: string; path: string; body: Buffer; headers: Record<string, string>; status: number }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const sockets = new Set<Socket>();
    for (let round = 0; round < 20; round++) {
      const answer = await send(agent, refused.method, refused.path, refused.body, refused.headers);
      expect(answer.status).toBe(refused.status);
      expect(answer.headers.connection).toBe("keep-alive");
      expect(JSON.parse(answer.body)).toHaveProperty("error.code");
      const health = await send(agent, "GET", "/api/health");
      expect(health.status).toBe(200);
      sockets.add(answer.socket).add(health.socket);
    }
    expect(sockets.size).toBe(1);
  } finally {
    agent.destroy();
  }
}

describe("an answer sent before the whole body arrived keeps the connection usable", () => {
  it("a 7 MB résumé refused with 413, then a GET on the same connection, 20 times", async () => {
    const body = multipartFile("resume", 7 * MB);
    const headers = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
    await refusedThenReused({ method: "POST", path: "/api/applications", body, headers, status: 413 });
  }, 60_000);

  it("a JSON body over the body limit refused with 413, then a GET on the same connection, 20 times", async () => {
    const body = jsonBody(3 * MB);
    await refusedThenReused({ method: "POST", path: "/api/contact", body, headers: { "content-type": "application/json" }, status: 413 });
  }, 60_000);

  it("a 415, a 401 and a 403 answered before a large body is read keep the connection too", async () => {
    const multipart = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
    await refusedThenReused({ method: "POST", path: "/api/contact", body: Buffer.alloc(3 * MB, 0x41), headers: { "content-type": "text/csv" }, status: 415 });
    await refusedThenReused({ method: "POST", path: "/api/upload/mentor-image", body: multipartFile("image", 4 * MB), headers: multipart, status: 401 });
    const crossSite = { ...multipart, "sec-fetch-site": "cross-site" };
    await refusedThenReused({ method: "POST", path: "/api/applications", body: multipartFile("resume", 7 * MB), headers: crossSite, status: 403 });
  }, 120_000);
});

/**
 * Sends a request on a raw socket and reads until the server closes: what arrived and how it ended.
 * Only the first `before` bytes of the body go out until the answer's head has arrived, the rest
 * after it: the server answers while most of the body is still to come, however slow the machine.
 * (Sent at once, a loaded server may have read the whole body before answering, and then rightly
 * keeps the connection.)
 */
function rawExchange(head: string, body: Buffer, before: number): Promise<{ text: string; error?: string; ended: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let ended = false;
    let restSent = false;
    let error: string | undefined;
    const timer = setTimeout(() => socket.destroy(new Error("no close within 10 s")), 10_000);
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (!restSent && text.includes("\r\n\r\n")) {
        restSent = true;
        socket.write(body.subarray(before));
      }
    });
    socket.on("end", () => (ended = true));
    socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, error, ended });
    });
    socket.write(head);
    socket.write(body.subarray(0, before));
  });
}

describe("a body too large to read to its end", () => {
  const over = EARLY_ANSWER_LIMITS.drainBytes + 8 * MB;

  it("a JSON body far over the limit: 413 with Connection: close, then a graceful close, no reset", async () => {
    const body = jsonBody(over);
    for (let round = 0; round < 3; round++) {
      const head = `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      // The limit is decided from Content-Length: the answer comes before any of the body.
      const result = await rawExchange(head, body, 0);
      expect(result.error).toBeUndefined();
      expect(result.ended).toBe(true);
      expect(result.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(result.text).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(result.text.split("\r\n\r\n")[1]!)).toHaveProperty("error.code", "payload_too_large");
    }
  }, 60_000);

  it("a résumé far over its cap: 413 with Connection: close, then a graceful close, no reset", async () => {
    const body = multipartFile("resume", over);
    for (let round = 0; round < 3; round++) {
      const head = `POST /api/applications HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`;
      // The cap is found by reading the file: a megabyte past the cap arrives before the answer, the rest after.
      const result = await rawExchange(head, body, RESUME_MAX_BYTES + MB);
      expect(result.error).toBeUndefined();
      expect(result.ended).toBe(true);
      expect(result.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(result.text).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(result.text.split("\r\n\r\n")[1]!)).toHaveProperty("error.fields.resume");
    }
  }, 60_000);
});
