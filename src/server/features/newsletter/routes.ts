import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AREA_ROLES } from "~/shared/roles";
import { okSchema, pageQuerySchema } from "~/shared/schemas/common";
import { subscribeBodySchema, subscriberSchema, unsubscribeBodySchema } from "~/shared/schemas/newsletter";
import { PUBLIC, roles } from "../../platform/access";
import { clientIp } from "../../platform/client-ip";
import { formatDateTime } from "~/shared/format-date";
import { csvDate, paged, sendCsv } from "../../platform/csv";
import { enforceLimit } from "../../platform/rate-limit";
import { listSubscribers, subscribe, subscriberPage, unsubscribe } from "./service";

/** Sign-ups allowed from one address per hour. */
export const NEWSLETTER_LIMIT_PER_HOUR = 10;

export async function newsletterRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["newsletter"];
  const staffOnly = roles(...AREA_ROLES.newsletter);

  api.post("/api/newsletter", {
    config: PUBLIC,
    schema: { tags, summary: "Subscribe an e-mail address", body: subscribeBodySchema, response: { 200: okSchema } },
    handler: async (request) => {
      await enforceLimit(
        app.db,
        { key: `newsletter:${clientIp(request)}`, max: NEWSLETTER_LIMIT_PER_HOUR, windowMs: 60 * 60 * 1000 },
        "Too many sign-ups from your network. Please try again later.",
      );
      if (!request.body.website) await subscribe(app.db, request.body.email, app.config.publicBaseUrl);
      return { ok: true as const };
    },
  });

  api.post("/api/newsletter/unsubscribe", {
    config: PUBLIC,
    schema: { tags, summary: "Unsubscribe with the token from an e-mail", body: unsubscribeBodySchema, response: { 200: okSchema } },
    handler: async (request) => {
      await unsubscribe(app.db, request.body.token);
      return { ok: true as const };
    },
  });

  api.get("/api/newsletter/subscribers", {
    config: staffOnly,
    schema: {
      tags,
      summary: "Subscribers, searched and paginated",
      querystring: pageQuerySchema.extend({ q: z.string().trim().max(200).optional() }),
      response: {
        200: z.object({ items: z.array(subscriberSchema), total: z.number(), overall: z.number(), page: z.number(), pageSize: z.number() }),
      },
    },
    handler: (request) => listSubscribers(app.db, request.query),
  });

  api.get("/api/newsletter/subscribers.csv", {
    config: staffOnly,
    schema: { tags, summary: "All subscribers as CSV (streamed)" },
    handler: (_request, reply) =>
      sendCsv(
        reply,
        `newsletter-subscribers-${csvDate()}.csv`,
        ["Email", "Subscribed At", "Unsubscribed At"],
        (async function* () {
          const rows = paged((after: string | null) => subscriberPage(app.db, after), (row) => row.email);
          for await (const row of rows) yield [row.email, formatDateTime(row.subscribedAt), row.unsubscribedAt && formatDateTime(row.unsubscribedAt)];
        })(),
      ),
  });
}
