import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AREA_ROLES } from "~/shared/roles";
import { okSchema } from "~/shared/schemas/common";
import {
  simulationIdParamsSchema,
  simulationInputSchema,
  simulationListSchema,
  simulationSchema,
  simulationSlugParamsSchema,
} from "~/shared/schemas/simulations";
import { PUBLIC, roles } from "../../platform/access";
import { AppError } from "../../platform/errors";
import {
  createSimulation,
  deleteSimulation,
  findSimulationBySlug,
  listAllSimulations,
  listPublicSimulations,
  toggleSimulationVisibility,
  updateSimulation,
} from "./service";

export async function simulationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["simulations"];
  const content = roles(...AREA_ROLES.simulationAdmin);

  api.get("/api/simulations", {
    config: PUBLIC,
    schema: { tags, summary: "The public simulation library (unlisted simulations are left out)", response: { 200: simulationListSchema } },
    handler: () => listPublicSimulations(app.db),
  });

  api.get("/api/simulations/:slug", {
    config: PUBLIC,
    schema: {
      tags,
      summary: "One simulation by its slug, public or unlisted (the library's dialog loads its instructions here)",
      params: simulationSlugParamsSchema,
      response: { 200: simulationSchema },
    },
    handler: async (request) => {
      const found = await findSimulationBySlug(app.db, request.params.slug);
      if (!found) throw new AppError("not_found", "Simulation not found");
      return found;
    },
  });

  api.get("/api/admin/simulations", {
    config: content,
    schema: { tags, summary: "Every simulation, public and unlisted", response: { 200: simulationListSchema } },
    handler: () => listAllSimulations(app.db),
  });

  api.post("/api/admin/simulations", {
    config: content,
    schema: { tags, summary: "Create a simulation; its slug is made from the title", body: simulationInputSchema, response: { 200: simulationSchema } },
    handler: (request) => createSimulation(app.db, request.body),
  });

  api.put("/api/admin/simulations/:id", {
    config: content,
    schema: {
      tags,
      summary: "Update a simulation; the slug never changes",
      params: simulationIdParamsSchema,
      body: simulationInputSchema,
      response: { 200: simulationSchema },
    },
    handler: (request) => updateSimulation(app.db, request.params.id, request.body),
  });

  api.delete("/api/admin/simulations/:id", {
    config: content,
    schema: { tags, summary: "Delete a simulation", params: simulationIdParamsSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await deleteSimulation(app.db, request.params.id);
      return { ok: true as const };
    },
  });

  api.patch("/api/admin/simulations/:id/toggle-visibility", {
    config: content,
    schema: { tags, summary: "Flip public ↔ unlisted", params: simulationIdParamsSchema, response: { 200: simulationSchema } },
    handler: (request) => toggleSimulationVisibility(app.db, request.params.id),
  });
}
