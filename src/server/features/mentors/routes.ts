import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { mentorListSchema } from "~/shared/schemas/mentors";
import { PUBLIC } from "../../platform/access";
import { listMentors } from "./service";

export async function mentorRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get("/api/mentors", {
    config: PUBLIC,
    schema: { tags: ["mentors"], summary: "The mentor list shown on the public pages", response: { 200: mentorListSchema } },
    handler: () => listMentors(app.db),
  });
}
