import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AREA_ROLES } from "~/shared/roles";
import { okSchema } from "~/shared/schemas/common";
import { savedViewIdParamsSchema, savedViewInputSchema, savedViewPatchSchema, savedViewSchema } from "~/shared/schemas/crm-views";
import { roles } from "../../platform/access";
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from "./saved-views";

/** Saved views of the lead list (issue 23 §6): tabs above the list, each one a /crm address too. */
export async function savedViewRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["crm"];
  const sales = roles(...AREA_ROLES.crm);

  api.get("/api/crm/views", {
    config: sales,
    schema: { tags, summary: "Saved views: the signed-in person's own and the team's shared ones, oldest first", response: { 200: z.object({ views: z.array(savedViewSchema) }) } },
    handler: async (request) => ({ views: await listSavedViews(app.db, request.staff!) }),
  });

  api.post("/api/crm/views", {
    config: sales,
    schema: {
      tags,
      summary: "Save the list's tab, search, filters and sort as a named view",
      description: "`query` is the /crm address's query string. 400 names the field; 409 (name) when the person already has a view of that name, any case.",
      body: savedViewInputSchema,
      response: { 201: savedViewSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createSavedView(app.db, request.staff!, request.body)),
  });

  api.patch("/api/crm/views/:id", {
    config: sales,
    schema: {
      tags,
      summary: "Rename a view, change what it shows, or share it",
      description: "A private view: its owner only (404 to anyone else). A shared view: its creator or an admin (403 to the rest of the team).",
      params: savedViewIdParamsSchema,
      body: savedViewPatchSchema,
      response: { 200: savedViewSchema },
    },
    handler: (request) => updateSavedView(app.db, request.staff!, request.params.id, request.body),
  });

  api.delete("/api/crm/views/:id", {
    config: sales,
    schema: { tags, summary: "Delete a view (same rule as changing it)", params: savedViewIdParamsSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await deleteSavedView(app.db, request.staff!, request.params.id);
      return { ok: true as const };
    },
  });
}
