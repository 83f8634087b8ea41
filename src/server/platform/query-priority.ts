import type { FastifyInstance, FastifyRequest } from "fastify";
import { holdForInteractive, withQueryPriority, type QueryPriority } from "../db/priority";
import type { Access } from "./access";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The priority of the route's database statements on the embedded database (db/priority.ts); default by address. */
    priority?: QueryPriority;
  }
}

/** Signing in, as staff or as a candidate: a person waits at a form. */
const INTERACTIVE_ROUTES = new Set(["/api/auth/login", "/api/auth/logout", "/api/auth/session", "/api/auth/me", "/api/simulation/validate-email", "/api/simulation/verify", "/api/simulation/logout"]);

/**
 * Sign-in and a candidate's own pages are "interactive"; CSV exports and imports (a file's worth of
 * rows) and whole-table passes are "bulk"; the rest (staff screens, public pages being rendered)
 * "normal". A route may say otherwise with `config.priority`.
 */
export function routePriority(url: string | undefined, access: Access | undefined, declared?: QueryPriority): QueryPriority {
  if (declared) return declared;
  if (!url) return "normal";
  if (INTERACTIVE_ROUTES.has(url) || access === "candidate") return "interactive";
  if (url.endsWith(".csv") || url === "/api/crm/sync-csv" || url === "/api/crm/sync" || url === "/api/crm/fix-duplicates" || url.endsWith("/import")) return "bulk";
  return "normal";
}

const priorityOf = (request: FastifyRequest) => {
  const config = request.routeOptions.config;
  return routePriority(request.routeOptions.url, config?.access, config?.priority);
};

/**
 * Every request's database work runs under its route's priority: the first onRequest hook, so the
 * session lookup, the handler and everything they await inherit it. An interactive request also
 * holds lower priorities back on the embedded database until it has answered (db/priority.ts).
 */
export function registerQueryPriority(app: FastifyInstance): void {
  const holds = new WeakMap<FastifyRequest, () => void>();
  const release = (request: FastifyRequest) => holds.get(request)?.();
  app.addHook("onRequest", (request, _reply, done) => {
    const priority = priorityOf(request);
    if (priority === "interactive") holds.set(request, holdForInteractive());
    withQueryPriority(priority, done);
  });
  app.addHook("onResponse", async (request) => release(request));
  app.addHook("onRequestAbort", async (request) => release(request));
}
