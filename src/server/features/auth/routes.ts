import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { loginBodySchema, staffSessionSchema, staffUserSchema } from "~/shared/schemas/auth";
import { okSchema } from "~/shared/schemas/common";
import { PUBLIC, STAFF } from "../../platform/access";
import { clientIp } from "../../platform/client-ip";
import { createSession, revokeSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE, sessionCookieOptions } from "../../platform/sessions";
import { checkSignIn, recordSignIn } from "./service";

export async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["auth"];
  const secure = app.config.publicBaseUrl.startsWith("https://");
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, { path: "/" });

  api.post("/api/auth/login", {
    config: PUBLIC,
    schema: { tags, summary: "Sign in a staff member", body: loginBodySchema, response: { 200: staffUserSchema } },
    handler: async (request, reply) => {
      const checked = await checkSignIn(app.db, request.body.email, request.body.password, { ip: clientIp(request), log: request.log });
      const { user } = checked;
      // Rotation: whatever session the browser held before is ended, and a new one begins. Sent
      // together, so the embedded database runs them in one trip (each trip may wait for staff work).
      const previous = request.cookies[SESSION_COOKIE];
      const [session] = await Promise.all([
        createSession(app.db, app.secret, user.id, { ip: clientIp(request), userAgent: request.headers["user-agent"] }),
        recordSignIn(app.db, checked),
        previous ? revokeSession(app.db, app.secret, previous) : undefined,
      ]);
      reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(secure, SESSION_ABSOLUTE_MS));
      return { name: user.name, email: user.email, roles: user.roles };
    },
  });

  api.get("/api/auth/me", {
    config: STAFF,
    schema: { tags, summary: "The signed-in staff member", response: { 200: staffUserSchema } },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { name, email, roles } = request.staff!;
      return { name, email, roles };
    },
  });

  // The staff pages ask this before anyone signs in: an answer, not a 401 the browser logs as an error.
  api.get("/api/auth/session", {
    config: PUBLIC,
    schema: { tags, summary: "The signed-in staff member, or null when nobody is signed in", response: { 200: staffSessionSchema } },
    handler: async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const staff = request.staff;
      return { user: staff ? { name: staff.name, email: staff.email, roles: staff.roles } : null };
    },
  });

  api.post("/api/auth/logout", {
    config: PUBLIC,
    schema: { tags, summary: "Sign out and end the session on the server", response: { 200: okSchema } },
    handler: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await revokeSession(app.db, app.secret, token);
      clearCookie(reply);
      return { ok: true as const };
    },
  });
}
