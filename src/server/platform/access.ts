import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_REFUSAL_SUBJECT, needsRoleMessage } from "~/shared/refusal";
import { hasAnyRole, type StaffRole } from "~/shared/roles";
import { CANDIDATE_COOKIE, readCandidateSession } from "./candidate-sessions";
import { AppError } from "./errors";
import { registerQueryPriority } from "./query-priority";
import { readSession, SESSION_COOKIE, type SessionStaff } from "./sessions";

/**
 * Who may call a route, declared once per route as `config: { access }`:
 * - "public": anyone;
 * - "staff": any signed-in staff member;
 * - "candidate": a signed-in candidate (one-time code), or staff; the route decides what each may see;
 * - a list of roles: staff holding one of them (`admin` always passes).
 * Every /api route must declare it; registering one without is a start-up error.
 */
export type Access = "public" | "staff" | "candidate" | readonly StaffRole[];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    staff: SessionStaff | null;
    /** The candidate signed in with a one-time code: their address. Read on "candidate" routes only. */
    candidate: { email: string } | null;
  }
  interface FastifyInstance {
    apiRoutes: { method: string; url: string; access: Access }[];
  }
}

export const PUBLIC = { access: "public" } as const;
export const STAFF = { access: "staff" } as const;
export const CANDIDATE = { access: "candidate" } as const;
export const roles = (...allowed: StaffRole[]) => ({ access: allowed });

export function registerAccessControl(app: FastifyInstance, secret: string): void {
  app.decorate("apiRoutes", []);
  app.decorateRequest("staff", null);
  app.decorateRequest("candidate", null);
  // Before the session lookup below: it runs at the route's priority too (sign-in's is interactive).
  registerQueryPriority(app);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") app.apiRoutes.push({ method, url: route.url, access });
    }
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config.access;
    const token = request.cookies[SESSION_COOKIE];
    if (token && (access !== undefined && access !== "public" || request.url.startsWith("/api/auth/"))) {
      request.staff = await readSession(app.db, secret, token);
    }
    if (!access || access === "public") return;
    if (access === "candidate") {
      const candidateToken = request.cookies[CANDIDATE_COOKIE];
      if (candidateToken) request.candidate = await readCandidateSession(app.db, secret, candidateToken);
      if (!request.candidate && !request.staff) throw new AppError("unauthenticated", "Please sign in to see your reports");
      return;
    }
    requireAccess(request, access);
  });
}

export function requireAccess(request: FastifyRequest, access: Exclude<Access, "public" | "candidate">): SessionStaff {
  const staff = request.staff;
  if (!staff) throw new AppError("unauthenticated", "Please sign in to continue");
  if (access !== "staff" && !hasAnyRole(staff.roles, access)) {
    throw new AppError("forbidden", needsRoleMessage(API_REFUSAL_SUBJECT, access));
  }
  return staff;
}

/**
 * Staff answers (lists of people, messages, exports) are never kept by a browser or a shared
 * cache: every route that is not public answers `Cache-Control: no-store` unless it set its own.
 */
export function registerNoStoreForStaff(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const access = request.routeOptions.config?.access;
    if (access && access !== "public" && !reply.hasHeader("cache-control")) reply.header("cache-control", "private, no-store");
    return payload;
  });
}
