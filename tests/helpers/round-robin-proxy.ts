import http, { type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small load balancer in front of several nodes, as the compose file's reverse proxy does it:
 * round robin over kept-alive connections, the request body read whole first (nginx's request
 * buffering, so a request can be sent again), X-Forwarded-For appended (the nodes run with
 * TRUST_PROXY=1) and the Host kept. Passive failover: a request goes to the next node when
 * - the node refused the connection (it is stopped or stopping): any method, nothing reached it;
 * - a kept-alive connection was closed under it before any answer (the node closed it as idle
 *   while the request was on its way): any method, the node had not read it;
 * - a GET or HEAD failed before any byte of its answer: these may be asked again.
 * An answer that has begun is never retried. Each answer says which node gave it (x-served-by).
 */
export interface Upstream {
  name: string;
  port: number;
}

export interface RoundRobinProxy {
  url: string;
  /** How many answers each node gave, and how many requests were sent on to another after a failure. */
  served: Record<string, number>;
  retried: number;
  close(): Promise<void>;
}

const IDEMPOTENT = new Set(["GET", "HEAD"]);
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"];

type Outcome = { response: IncomingMessage } | { error: NodeJS.ErrnoException; mayRetry: boolean };

export async function startRoundRobinProxy(upstreams: Upstream[], port = 0): Promise<RoundRobinProxy> {
  const agents = upstreams.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  const served: Record<string, number> = Object.fromEntries(upstreams.map((u) => [u.name, 0]));
  const state = { next: 0, retried: 0 };

  const attempt = (index: number, request: IncomingMessage, headers: OutgoingHttpHeaders, body: Buffer) =>
    new Promise<Outcome>((resolve) => {
      const upstream = upstreams[index]!;
      const outgoing = http.request({ host: "127.0.0.1", port: upstream.port, method: request.method, path: request.url, headers, agent: agents[index] });
      outgoing.on("response", (response) => resolve({ response }));
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        const reset = error.code === "ECONNRESET" || error.code === "EPIPE";
        const mayRetry = error.code === "ECONNREFUSED" || (reset && outgoing.reusedSocket) || IDEMPOTENT.has(request.method ?? "");
        resolve({ error, mayRetry });
      });
      outgoing.end(body);
    });

  const server = http.createServer(async (request, reply) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers: OutgoingHttpHeaders = { ...request.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const forwarded = request.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwarded ? `${String(forwarded)}, ${request.socket.remoteAddress}` : request.socket.remoteAddress;
    headers["content-length"] = String(body.length);

    const first = state.next++ % upstreams.length;
    let last: Outcome | null = null;
    for (let offset = 0; offset < upstreams.length; offset++) {
      const index = (first + offset) % upstreams.length;
      if (offset > 0) state.retried++;
      last = await attempt(index, request, headers, body);
      if ("response" in last) {
        const { response } = last;
        const name = upstreams[index]!.name;
        served[name]!++;
        const out: OutgoingHttpHeaders = { ...response.headers, "x-served-by": name };
        for (const hop of HOP_BY_HOP) delete out[hop];
        reply.writeHead(response.statusCode ?? 502, out);
        response.pipe(reply);
        return;
      }
      if (!last.mayRetry) break;
    }
    reply.writeHead(502, { "content-type": "text/plain" });
    reply.end(`No node answered: ${last && "error" in last ? last.error.code : "none"}`);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    served,
    get retried() {
      return state.retried;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const agent of agents) agent.destroy();
    },
  };
}
