import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSetting } from "~/server/db/schema";
import { seedDemoContent } from "~/server/features/demo/seed";
import { DEFAULT_MENTORS } from "~/server/features/mentors/defaults";
import { listMentors, replaceMentors } from "~/server/features/mentors/service";
import { createTestApp, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PHOTO = "/api/images/0123456789abcdef0123456789abcdef-640.webp";

describe("demo mentors' portraits on an installation seeded before they existed", () => {
  it("fills in only demo mentors still without an image, once", async () => {
    // As such an installation left it: seeded, mentors without portraits, no portrait marker.
    await ctx.db.insert(appSetting).values({ key: "demo_seeded_at", value: new Date().toISOString() });
    await replaceMentors(ctx.db, [
      DEFAULT_MENTORS[0]!,
      { ...DEFAULT_MENTORS[1]!, image: PHOTO },
      { ...DEFAULT_MENTORS[2]!, id: 3, name: "Someone Staff Added" },
    ]);

    await seedDemoContent(ctx.db);
    const [ananya, rohan, added] = await listMentors(ctx.db);
    expect(ananya!.image).toMatch(/^\/api\/images\/[0-9a-f]{32}-640\.webp$/);
    expect((await ctx.app.inject({ method: "GET", url: ananya!.image })).headers["content-type"]).toBe("image/webp");
    expect(rohan!.image).toBe(PHOTO);
    expect(added!.image).toBe("");

    // Staff remove the portrait: a later start does not put it back.
    await replaceMentors(ctx.db, [DEFAULT_MENTORS[0]!]);
    await seedDemoContent(ctx.db);
    expect((await listMentors(ctx.db))[0]!.image).toBe("");
    expect(await ctx.db.select().from(appSetting).where(eq(appSetting.key, "demo_avatars_seeded_at"))).toHaveLength(1);
  });
});
