import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type RequestListener, type Server, type ServerOptions, type ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContentVersion } from "./content-version";
import type { DataRoutes } from "./data-routes";
import { SESSION_COOKIE } from "./sessions";

/**
 * The anonymous page cache: what every visitor without a session gets (public pages, their data
 * requests, the public JSON) is rendered once per content version and then served as stored,
 * pre-compressed bytes, with an ETag for repeat visits.
 *
 * Safe by construction rather than by care:
 * - only the routes listed in PUBLIC_PAGES and PUBLIC_JSON, and only without a query string, so a
 *   page that reads a token from its address is never shared. The one exception is React Router's
 *   `_routes` on a page's data request, and only with a value the app's client emits (DataRoutes,
 *   from the build's route manifest): any other value is answered uncached, so made-up values can
 *   neither fill the cache nor push real pages out of it;
 * - never for a request carrying one of our cookies (`ff_session` of staff, `ff_candidate` of a
 *   candidate, and any later `ff_…`): a signed-in person's page is rendered for them alone;
 * - never a response that sets a cookie, and only 200s;
 * - an entry is served only while the content version (content-version.ts) is the one it was
 *   rendered under: the newest committed one, known in memory (embedded) or read per request (PostgreSQL).
 */

/**
 * Public addresses, each also as React Router's data request (`/about.data`, …; the home page's is
 * `/_.data` with the trailing-slash-aware data requests of react-router.config.ts, `/_root.data` without).
 */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/(_|_root)\.data$/,
  /^\/(founders-find|about|privacy|terms|simulations)(\.data)?$/,
  /^\/simulations\/[a-z0-9-]{1,200}(\.data)?$/,
  /^\/(sitemap\.xml|robots\.txt)$/,
];
const PUBLIC_JSON = [/^\/api\/simulations$/, /^\/api\/simulations\/[a-z0-9-]{1,200}$/, /^\/api\/mentors$/];

/** Our cookies all start with ff_ (SESSION_COOKIE, the candidate's ff_candidate): any of them means "not anonymous". */
const OWN_COOKIE = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE}|ff_[a-z_]+)=`);

/** Room for every public page of a large library several times over; the oldest entry goes first. */
const MAX_ENTRIES = 500;
const MAX_BYTES = 48 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A 200 answer as stored: the same bytes for every anonymous visitor until the content changes. */
export interface CachedResponse {
  version: number;
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /**
   * The headers this entry went out with the first time it was answered through the whole app
   * (security headers of helmet and every hook included), for each encoding and for a 304. Set from
   * that answer (see registerPublicCache), so a hit answered before Fastify (serveHit) sends the same.
   */
  wire?: Wire;
}

interface Wire {
  identity: OutgoingHttpHeaders;
  br: OutgoingHttpHeaders;
  gzip: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
}

/** Headers that belong to one response, not to the stored entry. */
const PER_RESPONSE = new Set(["content-length", "content-encoding", "x-cache", "date", "connection", "keep-alive", "transfer-encoding"]);

function wireHeaders(entry: CachedResponse, sent: OutgoingHttpHeaders): Wire {
  const common: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(sent)) if (value !== undefined && !PER_RESPONSE.has(name)) common[name] = value;
  common["x-cache"] = "hit";
  return {
    identity: { ...common, "content-length": entry.identity.length },
    br: { ...common, "content-encoding": "br", "content-length": entry.br.length },
    gzip: { ...common, "content-encoding": "gzip", "content-length": entry.gzip.length },
    notModified: common,
  };
}

const encodingOf = (request: Pick<IncomingMessage, "headers">): "br" | "gzip" | null => {
  const accepts = String(request.headers["accept-encoding"] ?? "");
  return /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : null;
};

/** One render, before it is known whether it may be shared. */
export interface Rendered {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

export type Answer = { entry: CachedResponse; state: "hit" | "miss" } | { rendered: Rendered };

export type CacheKind = "page" | "json";

/** Told of every lookup and of every answer given before Fastify (the metrics, platform/metrics/app-metrics.ts). */
export interface CacheObserver {
  lookup(kind: CacheKind, hit: boolean): void;
  answeredEarly(method: string, status: number, seconds: number): void;
}

/**
 * Which part of the cache may answer this request, or null when it must be rendered for this caller.
 * A query string is only ever a page data request's `_routes`, with a value `dataRoutes` allows (none
 * without them: before the pages' build is known, or in tests without pages).
 */
export function cacheKind(request: Pick<IncomingMessage, "method" | "url" | "headers">, dataRoutes?: DataRoutes | null): CacheKind | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = request.url ?? "";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (query !== -1 && !dataRoutes?.allows(path, url.slice(query + 1))) return null;
  const cookie = request.headers.cookie;
  if (cookie && OWN_COOKIE.test(cookie)) return null;
  if (PUBLIC_PAGES.some((pattern) => pattern.test(path))) return "page";
  if (PUBLIC_JSON.some((pattern) => pattern.test(path))) return "json";
  return null;
}

/** If-None-Match against our (weak) ETag; `*` and lists included. */
function notModified(request: Pick<IncomingMessage, "headers">, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

export class PublicCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly rendering = new Map<string, Promise<Answer>>();
  private bytes = 0;
  private newest = 0;
  /** The `_routes` values the app emits, once the pages' build is known (pages.ts sets it). */
  dataRoutes: DataRoutes | null = null;
  observer: CacheObserver | null = null;

  constructor(readonly currentVersion: () => number | Promise<number>) {}

  /** cacheKind with the `_routes` values this app emits. */
  kindOf(request: Pick<IncomingMessage, "method" | "url" | "headers">): CacheKind | null {
    return cacheKind(request, this.dataRoutes);
  }

  /** The stored answer for this address under this version, if any (and marks it recently used). */
  get(key: string, version: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** `get` for a request of this kind, counted as a hit or a miss (a miss goes on to render). */
  lookup(key: string, version: number, kind: CacheKind): CachedResponse | undefined {
    const entry = this.get(key, version);
    this.observer?.lookup(kind, entry !== undefined);
    return entry;
  }

  /**
   * The stored answer, or the one `render` produces. Concurrent misses for one address share one
   * render (the first request after an edit renders, the others wait for it). A render that must not
   * be shared (not a 200, or it sets a cookie) goes back to the request that asked for it; a request
   * that was waiting on it renders its own.
   */
  async answer(key: string, version: number, render: () => Promise<Rendered>): Promise<Answer> {
    const hit = this.get(key, version);
    if (hit) return { entry: hit, state: "hit" };
    const slot = `${version} ${key}`;
    let shared = this.rendering.get(slot);
    const mine = !shared;
    if (!shared) {
      shared = render().then(async (rendered): Promise<Answer> =>
        rendered.status === 200 && !rendered.cookies.length
          ? { entry: await this.store(key, version, rendered.headers, rendered.body), state: "miss" }
          : { rendered },
      );
      this.rendering.set(slot, shared);
      void shared.catch(() => undefined).finally(() => this.rendering.delete(slot));
    }
    const result = await shared;
    if ("rendered" in result && !mine) return { rendered: await render() };
    return result;
  }

  /** Compresses once and keeps the three forms; an answer from an older version than one already seen is not kept. */
  async store(key: string, version: number, headers: Record<string, string>, identity: Buffer): Promise<CachedResponse> {
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzip(identity, { level: 8 }),
    ]);
    const hash = createHash("sha1").update(identity).digest("base64url").slice(0, 20);
    const entry: CachedResponse = { version, headers, etag: `W/"${version}-${hash}"`, identity, br, gzip: gz };
    if (version > this.newest) {
      // Everything older can never be served again.
      this.newest = version;
      for (const [k, old] of this.entries) if (old.version < version) this.forget(k);
    }
    if (version === this.newest) {
      this.forget(key);
      this.entries.set(key, entry);
      this.bytes += identity.length + br.length + gz.length;
      for (const oldest of this.entries.keys()) {
        if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
        this.forget(oldest);
      }
    }
    return entry;
  }

  private forget(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.identity.length + old.br.length + old.gzip.length;
    this.entries.delete(key);
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * Answers a request straight from the stored bytes, before Fastify parses or routes it, when it
   * is one the cache may answer (cacheKind: anonymous GET/HEAD of a public address), its entry is
   * current and has already been sent once through the whole app (its headers are known). Returns
   * false when the app must answer it; a promise when the version is read from the database first.
   * Skipped for such a hit, on purpose: routing, cookie parsing, the access and input checks (an
   * anonymous read of a public address passes them all), and the per-request log lines.
   */
  serveHit(request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> {
    const startedAt = performance.now();
    const url = request.url ?? "";
    const entry = this.entries.get(url);
    const kind = entry?.wire ? this.kindOf(request) : null;
    if (!kind) return false;
    const known = this.currentVersion();
    if (typeof known === "number") return this.writeHit(url, known, kind, request, response, startedAt);
    return known.then((version) => this.writeHit(url, version, kind, request, response, startedAt)).catch(() => false);
  }

  /** A hit written straight to the socket; a request it cannot answer is left to the app, which counts it then. */
  private writeHit(url: string, version: number, kind: CacheKind, request: IncomingMessage, response: ServerResponse, startedAt: number): boolean {
    const entry = this.get(url, version);
    const wire = entry?.wire;
    if (!entry || !wire) return false;
    this.observer?.lookup(kind, true);
    if (notModified(request, entry.etag)) {
      response.writeHead(304, wire.notModified).end();
      this.observer?.answeredEarly(request.method ?? "GET", 304, (performance.now() - startedAt) / 1000);
      return true;
    }
    const encoding = encodingOf(request);
    const [headers, body] = encoding === "br" ? [wire.br, entry.br] : encoding === "gzip" ? [wire.gzip, entry.gzip] : [wire.identity, entry.identity];
    response.writeHead(200, headers);
    if (request.method === "HEAD") response.end();
    else response.end(body);
    this.observer?.answeredEarly(request.method ?? "GET", 200, (performance.now() - startedAt) / 1000);
    return true;
  }
}

/**
 * The HTTP server of the app (Fastify's serverFactory): the anonymous cache answers its hits first
 * (PublicCache.serveHit), everything else goes to Fastify. Same server settings Fastify would apply.
 */
export function serverWithPublicCache(cache: () => PublicCache | undefined) {
  return (handler: RequestListener, options: { http?: ServerOptions; keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number }): Server => {
    const server = createServer(options.http ?? {}, (request, response) => {
      const served = cache()?.serveHit(request, response) ?? false;
      if (served === false) handler(request, response);
      else if (served !== true) void served.then((done) => done || handler(request, response));
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };
}

/**
 * Sends a stored answer: 304 when the browser holds this version already, otherwise the smallest form
 * the browser accepts. `no-cache` makes browsers ask again each time (an edit shows on the next visit);
 * `Vary: Cookie` keeps shared caches from handing an anonymous page to a signed-in person.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse, state: "hit" | "miss"): FastifyReply {
  reply.headers(entry.headers);
  reply.header("etag", entry.etag).header("vary", "accept-encoding, cookie");
  if (!entry.headers["cache-control"]) reply.header("cache-control", "no-cache");
  // Says whether this answer was stored before the request came (tests and benchmarks read it).
  reply.header("x-cache", state);
  if (notModified(request, entry.etag)) return reply.status(304).send();
  const encoding = encodingOf(request);
  const body = encoding ? entry[encoding] : entry.identity;
  if (encoding) reply.header("content-encoding", encoding);
  request.publicCacheEntry = entry;
  reply.status(200).header("content-length", body.length);
  return reply.send(request.method === "HEAD" ? undefined : body);
}

declare module "fastify" {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    /** Set on a public JSON request that missed the cache: the version its answer is stored under. */
    publicCacheVersion: number | null;
    /** The stored entry this request is answered with (its sent headers become the entry's wire headers). */
    publicCacheEntry: CachedResponse | null;
  }
}

/**
 * The cache on the app, and the public JSON routes answered from it (pages use it in pages.ts). A miss
 * goes through the route as usual; its serialised 200 answer is stored on the way out.
 */
export function registerPublicCache(app: FastifyInstance, version: ContentVersion): void {
  app.decorate("publicCache", new PublicCache(version.current));
  app.addHook("onClose", () => version.close());
  app.decorateRequest("publicCacheVersion", null);
  app.decorateRequest("publicCacheEntry", null);

  // The first 200 sent from an entry through the app gives its headers to the hits served before Fastify.
  app.addHook("onResponse", async (request, reply) => {
    const entry = request.publicCacheEntry;
    if (!entry || entry.wire || reply.statusCode !== 200 || reply.raw.hasHeader("set-cookie")) return;
    entry.wire = wireHeaders(entry, reply.raw.getHeaders());
  });

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || app.publicCache.kindOf(request) !== "json") return;
    const version = await app.publicCache.currentVersion();
    const hit = app.publicCache.lookup(request.url, version, "json");
    if (hit) return sendCached(request, reply, hit, "hit");
    request.publicCacheVersion = version;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const version = request.publicCacheVersion;
    if (version === null || reply.statusCode !== 200 || reply.hasHeader("set-cookie") || typeof payload !== "string") return payload;
    const entry = await app.publicCache.store(request.url, version, { "content-type": String(reply.getHeader("content-type")) }, Buffer.from(payload));
    reply.header("etag", entry.etag).header("cache-control", "no-cache").header("vary", "accept-encoding, cookie").header("x-cache", "miss");
    request.publicCacheEntry = entry;
    return payload;
  });
}
