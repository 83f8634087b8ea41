import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PUBLIC } from "../../platform/access";

const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  engine: z.enum(["pglite", "postgres"]),
  database: z.enum(["up", "down"]),
});

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get("/api/health", {
    config: PUBLIC,
    schema: { tags: ["platform"], summary: "Engine in use and whether the database answers", response: { 200: healthSchema, 503: healthSchema } },
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      try {
        await app.ping();
        return { status: "ok" as const, engine: app.engine, database: "up" as const };
      } catch {
        return reply.status(503).send({ status: "unavailable", engine: app.engine, database: "down" });
      }
    },
  });
}
