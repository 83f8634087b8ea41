import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { staffUserSchema } from "~/shared/schemas/auth";
import { setupBodySchema } from "~/shared/schemas/setup";
import { PUBLIC } from "../../platform/access";
import { clientIp } from "../../platform/client-ip";
import { createSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE, sessionCookieOptions } from "../../platform/sessions";
import { completeSetup } from "./service";

/** First run: the setup link's form makes the first admin account and signs it in (service.ts). */
export async function setupRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.publicBaseUrl.startsWith("https://");

  api.post("/api/setup", {
    config: PUBLIC,
    schema: {
      tags: ["auth"],
      summary: "First run: make the first admin account with the one-time setup link's token, and sign it in",
      body: setupBodySchema,
      response: { 201: staffUserSchema },
    },
    handler: async (request, reply) => {
      const admin = await completeSetup(app.db, request.body);
      const session = await createSession(app.db, app.secret, admin.id, { ip: clientIp(request), userAgent: request.headers["user-agent"] });
      reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(secure, SESSION_ABSOLUTE_MS));
      request.log.info({ staffId: admin.id }, "First admin account made through the setup link");
      return reply.status(201).send({ name: admin.name, email: admin.email, roles: ["admin" as const] });
    },
  });
}
