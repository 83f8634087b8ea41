import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * Answers sent before the whole request body has arrived (a 413 for a résumé over its cap or a JSON
 * body over the body limit, a 415, a 401/403 decided from the headers) must not leave the
 * connection in a state that loses the next request or resets the answer (RFC 9112 §9.6):
 * - when at most `drainBytes` of the declared body are still to come, the rest is read and
 *   discarded after the answer and the connection stays alive for the client's next request;
 * - otherwise (or when the length is unknown) the answer says `Connection: close`, and the close is
 *   graceful: our side is half-closed once the answer is out, the rest of the body is still read and
 *   discarded, and the socket is destroyed when the body ends, the client closes, or after
 *   `lingerMs`. Destroying a socket with unread bytes makes the kernel send a reset, which can take
 *   the answer with it before the client has read it.
 *
 * Without this, a multipart reader that stops reading leaves the request unpiped and paused: Node
 * only discards the bodies that nobody started to read, so the rest of the résumé stays on the wire,
 * the next request on that keep-alive connection is never parsed, and the connection ends in a reset
 * at its idle timeout. Fastify's own body-limit answer says `Connection: close` and Node then
 * destroys the socket with the body unread.
 */
export interface EarlyAnswerLimits {
  drainBytes: number;
  lingerMs: number;
}

export const EARLY_ANSWER_LIMITS: EarlyAnswerLimits = { drainBytes: 16 * 1024 * 1024, lingerMs: 2_000 };

/** How many bytes the socket had read when each request began: the body read since is counted from there. */
const readAtStart = new WeakMap<IncomingMessage, number>();
const lingering = new WeakSet<Socket>();
/** The request whose body was still arriving when the socket's last early answer went out. */
const unfinished = new WeakMap<Socket, IncomingMessage>();

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** The most that is still to come of the body, or undefined when its length is not declared. */
function remainingBytes(req: IncomingMessage): number | undefined {
  if (req.headers["transfer-encoding"] !== undefined) return undefined;
  const declared = Number(req.headers["content-length"]);
  if (!Number.isFinite(declared)) return undefined;
  const start = readAtStart.get(req);
  // The headers and the first body bytes were already read at the start: this errs on the large side.
  const received = start === undefined ? 0 : Math.max(0, req.socket.bytesRead - start);
  return Math.max(0, declared - received);
}

/** Lets the body flow past whoever stopped reading it (a parser left unpiped and paused), into nothing. */
function discardRest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  req.unpipe();
  req.resume();
}

/**
 * Replaces the immediate destroy Node does after a `Connection: close` answer with a lingering
 * close while a body is still arriving: half-close, keep reading (the body is being discarded), and
 * destroy once the body has ended and the answer is out, or after `lingerMs`.
 */
function lingerOnClose(socket: Socket, req: IncomingMessage, lingerMs: number): void {
  unfinished.set(socket, req);
  if (lingering.has(socket)) return;
  lingering.add(socket);
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function destroySoonLingering(this: Socket) {
    const body = unfinished.get(this);
    if (!body || body.complete || body.destroyed) return destroySoon.call(this);
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), lingerMs);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    // Once the whole body has been read nothing is left unread: closing then sends no reset.
    body.once("end", () => (this.writableFinished ? this.destroy() : this.once("finish", () => this.destroy())));
  };
}

export function registerEarlyAnswer(app: FastifyInstance, limits: EarlyAnswerLimits = EARLY_ANSWER_LIMITS): void {
  app.addHook("onRequest", async (request) => {
    const socket = request.raw.socket;
    if (socket instanceof Socket) readAtStart.set(request.raw, socket.bytesRead);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const req = request.raw;
    // Injected requests (tests) have no real socket and no `complete`.
    if (req.complete !== false || req.destroyed || !hasBody(req) || !(req.socket instanceof Socket)) return payload;
    const remaining = remainingBytes(req);
    const drain = remaining !== undefined && remaining <= limits.drainBytes;
    // Fastify says close after any body error; when the rest is read here the connection can stay
    // (unless the client asked to close: Node's own choice for this answer).
    const keepAlive = drain && reply.raw.shouldKeepAlive;
    reply.header("connection", keepAlive ? "keep-alive" : "close");
    if (keepAlive && app.server.keepAliveTimeout) reply.header("keep-alive", `timeout=${Math.floor(app.server.keepAliveTimeout / 1000)}`);
    // Also when the client itself asked to close: Node then closes after this answer, gracefully.
    lingerOnClose(req.socket, req, limits.lingerMs);
    reply.raw.once("finish", () => discardRest(req));
    return payload;
  });
}
