import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PUBLIC } from "../../platform/access";
import { checkReadiness } from "./readiness";

const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  engine: z.enum(["pglite", "postgres"]),
  database: z.enum(["up", "down"]),
});

const readinessSchema = z.object({
  status: z.enum(["ready", "unavailable"]),
  database: z.enum(["up", "down"]),
  migrations: z.enum(["current", "missing", "unknown"]),
  missingMigrations: z.array(z.string()),
  draining: z.boolean(),
  failed: z.array(z.enum(["database", "migrations", "draining"])),
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

  app.withTypeProvider<ZodTypeProvider>().get("/api/health/ready", {
    config: PUBLIC,
    schema: {
      tags: ["platform"],
      summary: "Whether this node can serve: the database answers, its migrations are this build's, and it is not shutting down (503 names what failed)",
      response: { 200: readinessSchema, 503: readinessSchema },
    },
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const readiness = await checkReadiness(app.db, app.draining);
      return reply.status(readiness.status === "ready" ? 200 : 503).send(readiness);
    },
  });
}
