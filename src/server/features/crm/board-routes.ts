import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AREA_ROLES } from "~/shared/roles";
import { boardCountsSchema, boardQuerySchema, boardSchema, bulkJobParamsSchema, bulkJobSchema } from "~/shared/schemas/crm-bulk";
import { roles } from "../../platform/access";
import { readBoard, readBoardCounts } from "./board";
import { BULK_BATCH, BULK_LANES, claimLapsedBulkJob, createBulkJob, PGLITE_BULK_BATCH, readBulkJob, readRunningBulkJob, runBulkJob } from "./bulk-job";

/** How often each process looks for a bulk change whose process died (its claim lapsed) to resume it. */
const RESUME_EVERY_MS = 10_000;

/** The board and bulk actions (issue 23 §1). */
export async function boardRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["crm"];
  const sales = roles(...AREA_ROLES.crm);
  const batchSize = app.engine === "pglite" ? PGLITE_BULK_BATCH : BULK_BATCH;
  const lanes = app.engine === "pglite" ? 1 : BULK_LANES;

  // Bulk jobs this process runs; on close each stops after its batch and hands its claim back.
  const shutdown = new AbortController();
  const runs = new Set<Promise<void>>();
  const run = (job: { id: string; claimToken: string }) => {
    const running = runBulkJob(app.db, job.id, job.claimToken, { batchSize, signal: shutdown.signal, log: app.log }).finally(() => runs.delete(running));
    runs.add(running);
  };
  const resumeLapsed = async () => {
    for (let job = await claimLapsedBulkJob(app.db); job && !shutdown.signal.aborted; job = await claimLapsedBulkJob(app.db)) run(job);
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    timer = setInterval(() => void resumeLapsed().catch((error: unknown) => app.log.warn({ err: error }, "resuming bulk changes failed")), RESUME_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    shutdown.abort();
    await Promise.all(runs);
  });

  api.get("/api/crm/board", {
    config: sales,
    schema: {
      tags,
      summary: "The board: per stage its count, sum of sale amounts and first cards (newest first), under the list's filters",
      description:
        "Counts and sums are exact (from the tallies); with a free-text `q`, a column whose matches the search sample finds common is an estimate (`totalIsEstimate`, as the list with its stage estimates it; then `saleTotal` is null), the others exact. " +
        "A search with many matches leaves the exact count of the other columns to GET /api/crm/board/counts: they come with the sample's figure and `countPending`. " +
        "A column's next cards: GET /api/crm/leads?stage={stage}&cursor={nextCursor} with the same filters.",
      querystring: boardQuerySchema,
      response: { 200: boardSchema },
    },
    handler: (request) => readBoard(app.db, request.query),
  });

  api.get("/api/crm/board/counts", {
    config: sales,
    schema: {
      tags,
      summary: "The board's counts and sums with none pending: asked after a board answer with `countPending` columns",
      description:
        "The same filters as GET /api/crm/board. A column the search sample finds common stays an estimate (`totalIsEstimate`, as the list says it); " +
        "the others are counted exactly, with their sale sums, in one pass over the search's matches.",
      querystring: boardQuerySchema,
      response: { 200: boardCountsSchema },
    },
    handler: async (request) => ({ columns: await readBoardCounts(app.db, request.query) }),
  });

  api.post("/api/crm/bulk", {
    config: sales,
    schema: {
      tags,
      summary: "Start a bulk change: assign owner, set stage and status, priority, follow-up date, or delete",
      description:
        "`selection` is `{ leads: [{ id, version }] }` (the versions shown: a lead changed since is skipped) or `{ filter: { view, q, stage, status, owner, followUp } }` " +
        "(every lead matching it when the job starts). Answers 202 with the job; follow it with GET /api/crm/bulk/{id}. Leads a pipeline rule refuses " +
        "(a Closed Won status without a batch) are skipped and counted by reason. One running bulk change per staff member (409).",
      body: z.record(z.string(), z.unknown()),
      response: { 202: bulkJobSchema },
    },
    handler: async (request, reply) => {
      const job = await createBulkJob(app.db, request.staff!.id, request.body, lanes);
      run(job);
      const { lapsed: _lapsed, ...view } = await readBulkJob(app.db, job.id);
      return reply.status(202).header("location", `/api/crm/bulk/${job.id}`).send(view);
    },
  });

  api.get("/api/crm/bulk/running", {
    config: sales,
    schema: {
      tags,
      summary: "The signed-in staff member's running bulk change, or null: a page opened or reloaded while it runs follows it again",
      response: { 200: z.object({ job: bulkJobSchema.nullable() }) },
    },
    handler: async (request) => {
      const found = await readRunningBulkJob(app.db, request.staff!.id);
      if (!found) return { job: null };
      const { lapsed, ...job } = found;
      if (lapsed) await resumeLapsed();
      return { job };
    },
  });

  api.get("/api/crm/bulk/:id", {
    config: sales,
    schema: { tags, summary: "A bulk change: leads gone through of the total, changed, unchanged, skipped (by reason)", params: bulkJobParamsSchema, response: { 200: bulkJobSchema } },
    handler: async (request) => {
      const { lapsed, ...job } = await readBulkJob(app.db, request.params.id);
      // Its process died: this one takes it over now rather than at its next round.
      if (lapsed) await resumeLapsed();
      return job;
    },
  });
}
