import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AREA_ROLES } from "~/shared/roles";
import { mentorListSchema, storedMentorListSchema } from "~/shared/schemas/mentors";
import { PUBLIC, roles } from "../../platform/access";
import { listMentors, replaceMentors } from "./service";

export async function mentorRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get("/api/mentors", {
    config: PUBLIC,
    schema: { tags: ["mentors"], summary: "The mentor list shown on the public pages", response: { 200: storedMentorListSchema } },
    handler: () => listMentors(app.db),
  });

  api.post("/api/mentors", {
    config: roles(...AREA_ROLES.mentors),
    schema: { tags: ["mentors"], summary: "Save the whole mentor list (Mentors tab)", body: mentorListSchema, response: { 200: storedMentorListSchema } },
    handler: async (request) => {
      await replaceMentors(app.db, request.body);
      return listMentors(app.db);
    },
  });
}
