import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { analyticsBatchSchema } from "~/shared/schemas/analytics";
import { okSchema } from "~/shared/schemas/common";
import { PUBLIC } from "../../platform/access";
import { clientIp } from "../../platform/client-ip";
import { enforceLimit } from "../../platform/rate-limit";
import { recordEvents } from "./service";

/** Batches allowed from one address per hour: generous for people, a ceiling for scripts. */
const BATCHES_PER_HOUR = 600;

export async function analyticsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post("/api/events", {
    config: PUBLIC,
    schema: { tags: ["analytics"], summary: "Record page views and events (batched)", body: analyticsBatchSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await enforceLimit(app.db, { key: `events:${clientIp(request)}`, max: BATCHES_PER_HOUR, windowMs: 3_600_000 }, "Too many events");
      await recordEvents(app.db, request.body.events);
      return { ok: true as const };
    },
  });
}
