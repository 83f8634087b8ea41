import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvent, lead } from "~/server/db/schema";
import { isDemoSeeded, seedDemoContent } from "~/server/features/demo/seed";
import { recordLeadEngagement } from "~/server/features/crm/service";
import { DEFAULT_MENTORS } from "~/server/features/mentors/defaults";
import { replaceMentors } from "~/server/features/mentors/service";
import { checkUpload, readStoredFile, safeFileName, storeFile } from "~/server/platform/files";
import { AppError } from "~/server/platform/errors";
import { createTestApp, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe("demo content and mentors", () => {
  it("seeds the default mentors once, and never over staff edits", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/mentors" })).json()).toEqual([]);
    expect(await seedDemoContent(ctx.db)).toBe(true);
    expect(await isDemoSeeded(ctx.db)).toBe(true);
    const mentors = (await ctx.app.inject({ method: "GET", url: "/api/mentors" })).json();
    expect(mentors).toHaveLength(4);
    expect(mentors.map((m: { id: number }) => m.id)).toEqual([1, 2, 3, 4]);
    // Each demo mentor gets an illustrated portrait, stored like an upload.
    expect(mentors[0]).toEqual({ ...DEFAULT_MENTORS[0], image: expect.stringMatching(/^\/api\/images\/[0-9a-f]{32}-640\.webp$/) });
    const portrait = await ctx.app.inject({ method: "GET", url: mentors[0].image });
    expect(portrait.statusCode).toBe(200);
    expect(portrait.headers["content-type"]).toBe("image/webp");
    expect(new Set(mentors.map((m: { image: string }) => m.image)).size).toBe(4);

    await replaceMentors(ctx.db, [{ ...DEFAULT_MENTORS[1]!, id: 1, twitter: "https://x.com/someone" }]);
    expect(await seedDemoContent(ctx.db)).toBe(false);
    const edited = (await ctx.app.inject({ method: "GET", url: "/api/mentors" })).json();
    expect(edited).toEqual([{ ...DEFAULT_MENTORS[1], id: 1, twitter: "https://x.com/someone" }]);
  });
});

describe("lead capture", () => {
  it("creates one lead per person, matched on e-mail then mobile, recording every engagement", async () => {
    const first = await recordLeadEngagement(ctx.db, { email: " Meera@Example.com ", source: "brochure_download", fullName: "Meera K", mobile: "+91 98765-43210" });
    const again = await recordLeadEngagement(ctx.db, { email: "meera@example.com", source: "application", linkedIn: "https://linkedin.com/in/meera" });
    const byMobile = await recordLeadEngagement(ctx.db, { email: "meera.work@example.com", source: "simulation_attempt", mobile: "919876543210" });
    expect(again).toBe(first);
    expect(byMobile).toBe(first);
    const [row] = await ctx.db.select().from(lead).where(eq(lead.id, first));
    expect(row).toMatchObject({
      email: "meera@example.com",
      fullName: "Meera K",
      mobile: "919876543210",
      linkedIn: "https://linkedin.com/in/meera",
      sourceType: "brochure_download",
      hasApplication: true,
      hasBrochureDownload: true,
      hasSimulation: true,
    });
    const other = await recordLeadEngagement(ctx.db, { email: "someone.else@example.com", source: "application" });
    expect(other).not.toBe(first);
  });
});

describe("stored files", () => {
  it("checks type by content and size, naming the field", async () => {
    const rules = { field: "image", maxBytes: 1000, allowed: ["image/png"], tooLarge: "Too big", wrongType: "Not an image" };
    await expect(checkUpload(PNG, rules)).resolves.toEqual({ mime: "image/png", ext: "png" });
    await expect(checkUpload(Buffer.from("just text, named .png"), rules)).rejects.toMatchObject({ code: "invalid", fields: { image: "Not an image" } });
    await expect(checkUpload(Buffer.alloc(2000), rules)).rejects.toBeInstanceOf(AppError);
    await expect(checkUpload(Buffer.alloc(2000), rules)).rejects.toMatchObject({ code: "payload_too_large", fields: { image: "Too big" } });
  });

  it("stores bytes in the database and reads them back unchanged", async () => {
    const { id, sha256 } = await storeFile(ctx.db, { kind: "test", data: PNG, fileName: "../../etc/a\"b.png", contentType: "image/png" });
    const row = await readStoredFile(ctx.db, id);
    expect(Buffer.compare(row!.data, PNG)).toBe(0);
    expect(row!.sha256).toBe(sha256);
    expect(row!.fileName).toBe("a_b.png");
    expect(row!.visibility).toBe("private");
    expect(safeFileName("...", "resume.pdf")).toBe("resume.pdf");
  });
});

describe("analytics events", () => {
  it("stores a batch of known events and refuses unknown names, naming the field", async () => {
    const ok = await ctx.app.inject({
      method: "POST",
      url: "/api/events",
      payload: { events: [{ name: "page_view", path: "/" }, { name: "apply_now", path: "/", params: { source: "hero" } }] },
    });
    expect(ok.statusCode).toBe(200);
    const rows = await ctx.db.select().from(analyticsEvent).where(eq(analyticsEvent.name, "apply_now"));
    expect(rows[0]!.params).toEqual({ source: "hero" });
    const bad = await ctx.app.inject({ method: "POST", url: "/api/events", payload: { events: [{ name: "hack" }] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(["events.0.name"]);
    const empty = await ctx.app.inject({ method: "POST", url: "/api/events", payload: { events: [] } });
    expect(empty.json().error.fields).toEqual({ events: "No events" });
  });
});
