import type { FastifyInstance } from "fastify";
import fastifySwagger from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { SITE_NAME } from "~/shared/constants";

/** The OpenAPI description is generated from the zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${SITE_NAME} API`, version: "1.0.0", description: "Every route the site's pages and staff screens use." },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "ff_session" },
          candidate: { type: "apiKey", in: "cookie", name: "ff_candidate" },
          bearerAuth: { type: "http", scheme: "bearer" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

export async function openApiRoutes(app: FastifyInstance) {
  app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async () => app.swagger());
}
