// Several workers (WEB_CONCURRENCY) start on one fresh PostgreSQL database at once and each seeds the
// demo content: the first draws portraits and artwork while it holds the marker, which may take
// longer than the pool's lock limit; the others must wait for it, not fail their start. PostgreSQL
// only (PGlite is one process); on PGlite alone it is skipped with its reason.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "~/server/db/client";
import { runMigrations } from "~/server/db/migrate";
import { appSetting, mentor, outbox, simulationReport } from "~/server/db/schema";
import { seedDemoContent } from "~/server/features/demo/seed";
import { DEFAULT_MENTORS } from "~/server/features/mentors/defaults";
import { createPostgresDatabase, testEngine } from "../../helpers/database";

const runsHere = testEngine === "postgres";
const cleanup: (() => Promise<void>)[] = [];
let workers: Database[] = [];

beforeAll(async () => {
  if (!runsHere) return;
  const empty = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, "ff_seed");
  cleanup.push(empty.drop);
  // A lock limit far shorter than drawing the demo's images: a worker that gave up on the lock would fail.
  workers = await Promise.all([1, 2, 3].map(() => openPostgres(empty.url, { lockTimeoutMs: 100 })));
  cleanup.push(async () => {
    for (const worker of workers) await worker.close();
  });
  await runMigrations(workers[0]!);
}, 60_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe.skipIf(!runsHere)(runsHere ? "demo content seeded by three workers at once" : "demo seeding by several workers: skipped, PostgreSQL only", () => {
  it("every worker starts, and the demo is there once", async () => {
    const results = await Promise.allSettled(workers.map((worker) => seedDemoContent(worker.db)));
    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "started"))).toEqual(["started", "started", "started"]);
    const db = workers[0]!.db;
    expect(await db.select().from(appSetting).where(eq(appSetting.key, "demo_seeded_at"))).toHaveLength(1);
    expect(await db.select().from(mentor)).toHaveLength(DEFAULT_MENTORS.length);
    // The demo's two reports, their candidate not yet told and no e-mail queued: marked as told without
    // one, the reports list showed them "Failed".
    const reports = await db.select({ notifiedAt: simulationReport.notifiedAt, mailId: simulationReport.notifyMailId }).from(simulationReport);
    expect(reports).toEqual([
      { notifiedAt: null, mailId: null },
      { notifiedAt: null, mailId: null },
    ]);
    expect(await db.select().from(outbox)).toEqual([]);
  }, 120_000);
});
