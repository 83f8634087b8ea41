import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AREA_ROLES } from "~/shared/roles";
import { okSchema } from "~/shared/schemas/common";
import { contactMessageSchema, handleBodySchema, inboxMessageSchema, inboxQuerySchema, mentorApplicationSchema } from "~/shared/schemas/inbox";
import { PUBLIC, roles } from "../../platform/access";
import { clientIp } from "../../platform/client-ip";
import { enforceLimit } from "../../platform/rate-limit";
import { listInbox, receiveInboxMessage, setHandled } from "./service";

/** Contact and mentor messages allowed from one address per hour (each form counted apart). */
export const INBOX_LIMIT_PER_HOUR = 5;

export async function inboxRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["inbox"];
  const limit = (request: FastifyRequest, form: string) =>
    enforceLimit(
      app.db,
      { key: `${form}:${clientIp(request)}`, max: INBOX_LIMIT_PER_HOUR, windowMs: 60 * 60 * 1000 },
      "Too many messages from your network. Please try again later.",
    );

  api.post("/api/contact", {
    config: PUBLIC,
    schema: { tags, summary: "Contact Us: store the message and notify staff", body: contactMessageSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await limit(request, "contact");
      const { website, ...body } = request.body;
      if (!website) await receiveInboxMessage(app.db, { kind: "contact", ...body }, app.config.publicBaseUrl);
      return { ok: true as const };
    },
  });

  api.post("/api/mentor-applications", {
    config: PUBLIC,
    schema: { tags, summary: "Become a Mentor: store the application and notify staff", body: mentorApplicationSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await limit(request, "mentor");
      const { website, ...body } = request.body;
      if (!website) await receiveInboxMessage(app.db, { kind: "mentor", subject: "Mentor application", ...body }, app.config.publicBaseUrl);
      return { ok: true as const };
    },
  });

  api.get("/api/inbox", {
    config: roles(...AREA_ROLES.inbox),
    schema: {
      tags,
      summary: "Contact and mentor messages, newest first, paginated",
      querystring: inboxQuerySchema,
      response: { 200: z.object({ items: z.array(inboxMessageSchema), total: z.number(), page: z.number(), pageSize: z.number() }) },
    },
    handler: (request) => listInbox(app.db, request.query),
  });

  api.patch("/api/inbox/:id", {
    config: roles(...AREA_ROLES.inbox),
    schema: {
      tags,
      summary: "Mark a message handled or open again",
      params: z.object({ id: z.uuid({ error: "Not a message id" }) }),
      body: handleBodySchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await setHandled(app.db, request.params.id, request.body.handled, request.staff!.id);
      return { ok: true as const };
    },
  });
}
