import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * How long a node gets after SIGTERM to answer what it accepted and close: Docker's `stop` sends
 * SIGKILL 10 s after SIGTERM, so a node that is still busy then exits on its own terms first.
 */
export const STOP_GRACE_MS = 9_000;

interface Stoppable {
  stop(): void | Promise<void>;
}

/**
 * A node leaves without losing a request it accepted (several nodes behind one proxy, README
 * "Several nodes"): on SIGTERM or SIGINT it
 * 1. stops listening, so a new connection is refused and the proxy sends it to another node;
 * 2. answers every request it has accepted, also one that arrives on a connection it holds while it
 *    drains (app.ts turns Fastify's 503 for those off), and closes each connection after its answer:
 *    a connection's last answer says `Connection: close`, and a connection left idle is closed (Node
 *    closes the idle ones once, when closing begins; one whose answer ends later would otherwise stay
 *    open for the whole keep-alive time, and the node with it);
 * 3. lets its background workers finish their round (the mail worker marks what it sent), at the
 *    same time;
 * 4. closes the database pool and exits 0 — or exits 1 when all this takes longer than `graceMs`.
 */
export function stopGracefullyOnSignals(app: FastifyInstance, background: (Stoppable | null)[], close: () => Promise<void>, graceMs = STOP_GRACE_MS): void {
  let closing = false;
  closeConnectionsAfterLastAnswer(app.server, () => closing);
  const stop = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 from now on (features/health), so a proxy's health check takes the node out.
    app.draining = true;
    app.log.info(`${signal} received: answering the requests in progress, then closing`);
    setInterval(() => app.server.closeIdleConnections(), 50).unref();
    const force = setTimeout(() => {
      app.log.error(`Still busy ${graceMs / 1000} s after ${signal}: exiting with requests unanswered`);
      process.exit(1);
    }, graceMs);
    force.unref();
    try {
      await Promise.all([app.close(), ...background.map((worker) => worker?.stop())]);
      await close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "Closing failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/**
 * While the node closes, the last answer a connection waits for says `Connection: close`, decided
 * as its headers go out: not earlier, so a request pipelined behind it on the same connection is
 * still answered, and not for a connection with more answers to come.
 */
function closeConnectionsAfterLastAnswer(server: Server, closing: () => boolean): void {
  const waiting = new WeakMap<Socket, number>();
  server.on("request", (request: IncomingMessage, answer: ServerResponse) => {
    const socket = request.socket;
    waiting.set(socket, (waiting.get(socket) ?? 0) + 1);
    answer.once("close", () => waiting.set(socket, (waiting.get(socket) ?? 1) - 1));
    const writeHead = answer.writeHead;
    answer.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (closing() && waiting.get(socket) === 1) this.shouldKeepAlive = false;
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse["writeHead"];
  });
}
