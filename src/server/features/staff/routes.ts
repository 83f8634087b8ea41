import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createStaffBodySchema, staffMemberSchema, updateStaffBodySchema } from "~/shared/schemas/staff";
import { roles } from "../../platform/access";
import { createStaff, listStaff, updateStaff } from "./service";

export async function staffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["staff"];

  api.get("/api/staff", {
    config: roles("admin"),
    schema: { tags, summary: "List staff accounts", response: { 200: z.array(staffMemberSchema) } },
    handler: () => listStaff(app.db),
  });

  api.post("/api/staff", {
    config: roles("admin"),
    schema: { tags, summary: "Add a staff account", body: createStaffBodySchema, response: { 201: staffMemberSchema } },
    handler: async (request, reply) => reply.status(201).send(await createStaff(app.db, request.body, request.staff!.id)),
  });

  api.patch("/api/staff/:id", {
    config: roles("admin"),
    schema: {
      tags,
      summary: "Rename, re-role, disable or enable a staff account",
      params: z.object({ id: z.uuid({ error: "Not a staff id" }) }),
      body: updateStaffBodySchema,
      response: { 200: staffMemberSchema },
    },
    handler: (request) => updateStaff(app.db, request.params.id, request.body, request.staff!.id),
  });
}
