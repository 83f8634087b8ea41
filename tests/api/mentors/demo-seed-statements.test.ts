// A new installation's demo content is written in one transaction, on one PostgreSQL connection: its
// statements must go one at a time. The four mentors' portraits used to be stored side by side, so
// node-postgres queued statements behind others on that connection (it warns that pg 9 will refuse
// them) and each store's nested transaction, a savepoint, interleaved with the others'. PostgreSQL
// only (in POSTGRES_ONLY): the embedded database has no node-postgres connection to watch.
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemoContent } from "~/server/features/demo/seed";
import { listMentors } from "~/server/features/mentors/service";
import { createTestApp, type TestContext } from "../../helpers/app";
import { sentWhileBusy } from "../../helpers/busy-connection-watch";
import { testEngine } from "../../helpers/database";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// On PGlite alone (no TEST_DATABASE_URL) it is skipped with its reason.
it.skipIf(testEngine !== "postgres")(`${testEngine === "postgres" ? "" : "skipped, PostgreSQL only: "}the demo seed sends one statement at a time on its connection, and every demo mentor gets a portrait`, async () => {
  expect(await seedDemoContent(ctx.db)).toBe(true);
  expect(sentWhileBusy()).toEqual([]);
  const mentors = await listMentors(ctx.db);
  expect(mentors.length).toBeGreaterThanOrEqual(4);
  for (const mentor of mentors) expect(mentor.image, mentor.name).toMatch(/^\/api\/images\/[0-9a-f]{32}-640\.webp$/);
});
