import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AREA_ROLES } from "~/shared/roles";
import { okSchema } from "~/shared/schemas/common";
import { leadConflictSchema, leadIdParamsSchema, leadSchema } from "~/shared/schemas/crm";
import { digestSettingSchema, logCallSchema, myTasksPageSchema, myTasksQuerySchema, taskCreateSchema, taskParamsSchema, taskSchema, taskUpdateSchema } from "~/shared/schemas/crm-work";
import { staff } from "../../db/schema";
import { roles } from "../../platform/access";
import { logCall } from "./calls";
import { listMyTasks } from "./my-tasks";
import { ifMatchVersion, sendStaleLead } from "./routes";
import { createTask, deleteTask, listTasks, updateTask } from "./tasks";

/** The CRM's daily work (issue 23): log a call, a lead's tasks, My tasks and the daily digest setting. */
export async function leadWorkRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["crm"];
  const sales = roles(...AREA_ROLES.crm);

  api.post("/api/crm/leads/:id/calls", {
    config: sales,
    schema: {
      tags,
      summary: "Log a call: outcome, note and the next follow-up",
      description:
        "Sets the lead's latest call date and time to now (Asia/Kolkata) and, when sent, its follow-up date (null clears it); the call appears in the activity. " +
        "Send the version you read (body `version` or `If-Match`): a lead changed since is a 409 as for PUT, with `lastChange` and `current`.",
      params: leadIdParamsSchema,
      body: logCallSchema,
      response: { 200: leadSchema, 409: leadConflictSchema },
    },
    handler: async (request, reply) => {
      try {
        return await logCall(app.db, request.params.id, request.body, request.staff!.id, ifMatchVersion(request.headers["if-match"]));
      } catch (error) {
        return sendStaleLead(error, reply);
      }
    },
  });

  api.get("/api/crm/leads/:id/tasks", {
    config: sales,
    schema: { tags, summary: "A lead's tasks: open ones first, soonest due first, then the done ones", params: leadIdParamsSchema, response: { 200: z.object({ tasks: z.array(taskSchema) }) } },
    handler: async (request) => ({ tasks: await listTasks(app.db, request.params.id) }),
  });

  api.post("/api/crm/leads/:id/tasks", {
    config: sales,
    schema: {
      tags,
      summary: "Add a task to a lead",
      description: "Due on `dueDate` at `dueTime` in Asia/Kolkata. Without `ownerId` the task is the lead's owner's (the creator's for an unassigned lead); an owner must be active staff with Sales or Admin (400 naming ownerId).",
      params: leadIdParamsSchema,
      body: taskCreateSchema,
      response: { 201: taskSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await createTask(app.db, request.params.id, request.body, request.staff!.id)),
  });

  api.patch("/api/crm/tasks/:taskId", {
    config: sales,
    schema: { tags, summary: "Change a task, or mark it done (`done: true`) or not done", params: taskParamsSchema, body: taskUpdateSchema, response: { 200: taskSchema } },
    handler: (request) => updateTask(app.db, request.params.taskId, request.body, request.staff!.id),
  });

  api.delete("/api/crm/tasks/:taskId", {
    config: sales,
    schema: { tags, summary: "Remove a task", params: taskParamsSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await deleteTask(app.db, request.params.taskId);
      return { ok: true as const };
    },
  });

  api.get("/api/crm/my-tasks", {
    config: sales,
    schema: {
      tags,
      summary: "My tasks: the signed-in staff member's open tasks and their leads' follow-ups of one bucket, soonest first",
      description:
        "Buckets in Asia/Kolkata: `overdue` (tasks past their time, follow-ups before today), `today` (the rest of today), `upcoming` (from tomorrow). " +
        "Keyset pages (`cursor`); the first page carries the three `counts`.",
      querystring: myTasksQuerySchema,
      response: { 200: myTasksPageSchema },
    },
    handler: (request) => listMyTasks(app.db, request.staff!.id, request.query),
  });

  api.get("/api/crm/digest-setting", {
    config: sales,
    schema: { tags, summary: "Whether the signed-in staff member gets the daily digest e-mail (09:00 Asia/Kolkata)", response: { 200: digestSettingSchema } },
    handler: async (request) => {
      const [row] = await app.db.select({ dailyDigest: staff.dailyDigest }).from(staff).where(eq(staff.id, request.staff!.id));
      return { dailyDigest: row?.dailyDigest ?? false };
    },
  });

  api.put("/api/crm/digest-setting", {
    config: sales,
    schema: { tags, summary: "Turn one's own daily digest e-mail on or off", body: digestSettingSchema, response: { 200: digestSettingSchema } },
    handler: async (request) => {
      const [row] = await app.db.update(staff).set({ dailyDigest: request.body.dailyDigest }).where(eq(staff.id, request.staff!.id)).returning({ dailyDigest: staff.dailyDigest });
      return { dailyDigest: row!.dailyDigest };
    },
  });
}
