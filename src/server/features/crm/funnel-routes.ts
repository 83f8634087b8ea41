import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AREA_ROLES } from "~/shared/roles";
import { funnelQuerySchema, funnelSchema } from "~/shared/schemas/crm-funnel";
import { roles } from "../../platform/access";
import { readFunnel } from "./funnel";

export async function funnelRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get("/api/crm/funnel", {
    config: roles(...AREA_ROLES.crm),
    schema: {
      tags: ["crm"],
      summary: "The funnel: visitors → simulation starts → reports → applications → paid, per week and per source",
      description:
        "Weeks run Monday to Sunday in Asia/Kolkata, the last `weeks` (default 12, this week included). Visitors are visits' first page views and " +
        "simulation starts the first-party events; sources are utm_source, else the referring host, else direct (applications per source are " +
        "the application_submit events). Paid, revenue and collected come from the week a lead became a Paid User or money was collected. " +
        "Also median whole days per stage (finished stays) and per owner: leads held, calls, conversions and collections in the period.",
      querystring: funnelQuerySchema,
      response: { 200: funnelSchema },
    },
    handler: (request) => readFunnel(app.db, request.query.weeks),
  });
}
