import type { Socket } from "node:net";
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors";

/**
 * How long a client may take, sized for a 5 MB résumé or image sent from a phone on a slow mobile
 * network (5 MB at 20 KB/s is about 4 minutes) while a client that stops sending is let go soon:
 * - headers: the request line and headers must arrive within `headersMs`;
 * - body idle: once a request has begun, `bodyIdleMs` without a byte from the client ends it with
 *   408 (a stalled upload no longer holds its socket and buffers for good);
 * - request: the whole request, body included, must arrive within `requestMs`;
 * - keep-alive: an idle connection stays open `keepAliveMs` for the next request, longer than the
 *   usual 60 s idle timeout of a load balancer in front, so the balancer closes first.
 */
export interface TimeLimits {
  headersMs: number;
  bodyIdleMs: number;
  requestMs: number;
  keepAliveMs: number;
  /** How often Node checks the headers and request limits (it checks on an interval). */
  checkIntervalMs: number;
}

export const TIME_LIMITS: TimeLimits = {
  headersMs: 20_000,
  bodyIdleMs: 30_000,
  requestMs: 300_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};

export const REQUEST_TIMEOUT_MESSAGE = "The request body stopped arriving; please send it again";

/** Fastify's server options for these limits. */
export function serverTimeouts(limits: TimeLimits) {
  return {
    // Socket inactivity: drives the body-idle 408 below.
    connectionTimeout: limits.bodyIdleMs,
    requestTimeout: limits.requestMs,
    keepAliveTimeout: limits.keepAliveMs,
    http: { headersTimeout: limits.headersMs, requestTimeout: limits.requestMs, connectionsCheckingInterval: limits.checkIntervalMs },
  };
}

/**
 * Answers 408 when a request's body stops arriving. Node reports a socket idle for
 * `connectionTimeout`; if a request on it is still receiving its body, the client is told so and the
 * connection is closed. A request whose body has fully arrived and is being worked on (a long
 * import) is left alone; an idle connection without a request is closed.
 */
export function registerBodyTimeout(app: FastifyInstance): void {
  const inFlight = new WeakMap<Socket, { res: ServerResponse; complete: () => boolean }>();
  app.addHook("onRequest", async (request, reply) => {
    const socket = request.raw.socket;
    inFlight.set(socket, { res: reply.raw, complete: () => request.raw.complete });
    reply.raw.once("finish", () => {
      if (inFlight.get(socket)?.res === reply.raw) inFlight.delete(socket);
    });
  });
  app.server.on("timeout", (socket: Socket) => {
    const current = inFlight.get(socket);
    if (!current) return void socket.destroy();
    if (current.complete()) return;
    if (!current.res.headersSent) {
      const body = JSON.stringify(errorBody("request_timeout", REQUEST_TIMEOUT_MESSAGE));
      current.res.writeHead(408, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), connection: "close" });
      current.res.end(body);
    }
    // The rest of the body will never be read: let the answer go out, then close.
    socket.end();
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
}
