import { Readable } from "node:stream";
import zlib from "node:zlib";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PublicLoadContext } from "~/shared/load-context";
import { contentSecurityPolicy, createNonce, inlineScriptHashes, REPORTING_ENDPOINTS } from "./csp";
import { AppError } from "./errors";
import { paintFirst } from "./paint-first";
import { DataRoutes } from "./data-routes";
import { sendCached, type Rendered } from "./public-cache";

export interface PagesOptions {
  /** Production: the built server bundle once; development: Vite's fresh module on every request. */
  getBuild: () => Promise<ServerBuild>;
  mode: "production" | "development";
  context: Omit<PublicLoadContext, "cspNonce" | "fetchApi">;
}

/** `reply` given: the render stops when that visitor goes away. A shared render (cache) runs to the end. */
function toWebRequest(request: FastifyRequest, reply?: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  const controller = new AbortController();
  reply?.raw.on("close", () => controller.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript))/;

/**
 * Pages travel compressed (brotli or gzip, as the browser accepts): the HTML is most of a page's first
 * bytes. Each chunk React streams is flushed at once, so streaming still reaches the browser as it renders.
 */
function compressed(request: FastifyRequest, reply: FastifyReply, body: Readable): Readable {
  const type = String(reply.getHeader("content-type") ?? "");
  const accepts = String(request.headers["accept-encoding"] ?? "");
  if (!COMPRESSIBLE.test(type) || reply.getHeader("content-encoding")) return body;
  const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : null;
  if (!encoding) return body;
  reply.header("content-encoding", encoding).header("vary", "accept-encoding").removeHeader("content-length");
  const stream =
    encoding === "br"
      ? zlib.createBrotliCompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
  body.on("error", (error) => stream.destroy(error));
  return body.pipe(stream);
}

/** Serves every page through React Router's request handler: web Request in, Response streamed out. */
export function registerPages(app: FastifyInstance, options: PagesOptions): void {
  let handler: ReturnType<typeof createRequestHandler> | null = null;
  const getHandler = async () => {
    if (options.mode === "development") return createRequestHandler(await options.getBuild(), options.mode);
    return (handler ??= createRequestHandler(await options.getBuild(), options.mode));
  };

  const fetchApi: PublicLoadContext["fetchApi"] = async (pageRequest, path) => {
    if (!path.startsWith("/api/")) throw new Error(`fetchApi only reaches /api, not ${path}`);
    const headers: Record<string, string> = {};
    const cookie = pageRequest.headers.get("cookie");
    if (cookie) headers.cookie = cookie;
    const answer = await app.inject({ method: "GET", url: path, headers });
    let data: unknown = null;
    try {
      data = answer.json();
    } catch {
      data = answer.body;
    }
    return { status: answer.statusCode, data };
  };

  const site = options.context.site;
  // Not in development: Vite's hot reload injects scripts of its own.
  const policy = options.mode === "production" ? contentSecurityPolicy : null;

  /**
   * A whole render for every anonymous visitor: no nonce, so its inline scripts are allowed by hash; it
   * hydrates after its first paint (paint-first.ts).
   */
  const renderShared = async (request: FastifyRequest): Promise<Rendered> => {
    const response = await (await getHandler())(toWebRequest(request), { ...options.context, cspNonce: null, fetchApi });
    let body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
    if (headers["content-type"]?.startsWith("text/html")) {
      // Before hashing: the policy allows the rewritten bootstrap, not React Router's original one.
      const html = paintFirst(body.toString("utf8"));
      body = Buffer.from(html);
      delete headers["content-length"];
      if (policy) {
        headers["content-security-policy"] = policy({ hashes: inlineScriptHashes(html) }, site);
        headers["reporting-endpoints"] = REPORTING_ENDPOINTS;
      }
    }
    return { status: response.status, headers, cookies: response.headers.getSetCookie(), body };
  };

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      if (request.url === "/api" || request.url.startsWith("/api/")) {
        throw new AppError("not_found", `No API route ${request.method} ${request.url.split("?")[0]}`);
      }
      const cache = app.publicCache;
      // The `_routes` values the client of this build sends: the only query the cache keeps pages for.
      if (options.mode === "production") cache.dataRoutes ??= new DataRoutes(await options.getBuild());
      if (options.mode === "production" && cache.kindOf(request) === "page") {
        const known = cache.currentVersion();
        const version = typeof known === "number" ? known : await known;
        const hit = cache.lookup(request.url, version, "page");
        if (hit) return sendCached(request, reply, hit, "hit");
        // A HEAD renders no body, so it is never the render that gets stored.
        if (request.method === "GET") {
          const answer = await cache.answer(request.url, version, () => renderShared(request));
          if ("entry" in answer) return sendCached(request, reply, answer.entry, answer.state);
          const { rendered } = answer;
          reply.status(rendered.status).headers(rendered.headers);
          if (rendered.cookies.length) reply.header("set-cookie", rendered.cookies);
          return reply.send(compressed(request, reply, Readable.from([rendered.body])));
        }
      }
      const cspNonce = createNonce();
      const response = await (await getHandler())(toWebRequest(request, reply), { ...options.context, cspNonce, fetchApi });
      reply.status(response.status);
      if (policy) reply.header("content-security-policy", policy({ nonce: cspNonce }, site)).header("reporting-endpoints", REPORTING_ENDPOINTS);
      for (const [name, value] of response.headers) {
        if (name !== "set-cookie") reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      if (!response.body || request.method === "HEAD") return reply.send();
      return reply.send(compressed(request, reply, Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)));
    },
  });
}
