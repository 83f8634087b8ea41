import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulationInput } from "../../fixtures/simulations";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let content: string;
let sales: string;
beforeAll(async () => {
  ctx = await createTestApp();
  content = (await signedIn(ctx, ["content"])).cookie;
  sales = (await signedIn(ctx, ["sales"])).cookie;
});
afterAll(() => ctx.close());

const create = (payload: unknown, cookie = content) =>
  ctx.app.inject({ method: "POST", url: "/api/admin/simulations", headers: { cookie }, payload: payload as object });

describe("simulation admin calls", () => {
  it("creates a simulation with a slug from the title, trimmed and de-duplicated tags, public by default", async () => {
    const body = { ...simulationInput({ title: "  Café & Growth: Q3 Plan!  " }), tags: [" Growth ", "", "growth", "Tech", "  "] };
    delete (body as { visibility?: string }).visibility;
    const response = await create(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: "Café & Growth: Q3 Plan!", slug: "cafe-and-growth-q3-plan", tags: ["Growth", "Tech"], visibility: "public" });
  });

  it("names every invalid field with the form's message", async () => {
    const response = await create({ title: " ", subtitle: "", instructions: "", typebotUrl: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      title: "Title is required",
      subtitle: "Subtitle is required",
      instructions: "Instructions is required",
      typebotUrl: "Typebot URL is required",
    });
    for (const typebotUrl of ["typebot.io/x", "javascript:alert(1)", "ftp://example.com/x"]) {
      const bad = await create(simulationInput({ typebotUrl }));
      expect(bad.json().error.fields, typebotUrl).toEqual({ typebotUrl: "Typebot URL must be a link starting with http:// or https://" });
    }
    const visibility = await create({ ...simulationInput(), visibility: "secret" });
    expect(visibility.json().error.fields).toEqual({ visibility: "Visibility must be public or unlisted" });
    const image = await create({ ...simulationInput(), imageUrl: "javascript:alert(1)" });
    expect(image.json().error.fields).toEqual({ imageUrl: "Image must be an uploaded image or an http(s) link" });
    const tags = await create({ ...simulationInput(), tags: "a,b" });
    expect(tags.json().error.fields).toEqual({ tags: "Tags must be a list" });
  });

  it("makes unique slugs and keeps a slug when the title is edited", async () => {
    const first = (await create(simulationInput({ title: "Market Entry" }))).json();
    const second = (await create(simulationInput({ title: "Market entry" }))).json();
    const third = (await create(simulationInput({ title: "MARKET ENTRY" }))).json();
    expect([first.slug, second.slug, third.slug]).toEqual(["market-entry", "market-entry-2", "market-entry-3"]);

    const edited = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/simulations/${first.id}`,
      headers: { cookie: content },
      payload: simulationInput({ title: "Market Entry for Tier-2 Cities", tags: ["New"] }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ slug: "market-entry", title: "Market Entry for Tier-2 Cities", tags: ["New"] });
    expect(new Date(edited.json().updatedAt) >= new Date(first.updatedAt)).toBe(true);
    const emoji = (await create(simulationInput({ title: "🚀🚀" }))).json();
    expect(emoji.slug).toBe("simulation");
  });

  it("lists public simulations only; an unlisted one still opens by slug", async () => {
    const hidden = (await create(simulationInput({ title: "Hidden Case", visibility: "unlisted" }))).json();
    const shown = (await create(simulationInput({ title: "Shown Case" }))).json();
    const list = (await ctx.app.inject({ method: "GET", url: "/api/simulations" })).json();
    expect(list.map((s: { slug: string }) => s.slug)).toContain(shown.slug);
    expect(list.map((s: { slug: string }) => s.slug)).not.toContain(hidden.slug);
    expect(list[0].slug).toBe(shown.slug);

    const all = (await ctx.app.inject({ method: "GET", url: "/api/admin/simulations", headers: { cookie: content } })).json();
    expect(all.map((s: { slug: string }) => s.slug)).toContain(hidden.slug);
    const { findSimulationBySlug } = await import("~/server/features/simulations/service");
    expect((await findSimulationBySlug(ctx.db, "hidden-case"))?.id).toBe(hidden.id);
    expect(await findSimulationBySlug(ctx.db, "no-such-case")).toBeNull();

    // The library's dialog loads one simulation's instructions by slug, anonymously, unlisted ones too.
    const one = await ctx.app.inject({ method: "GET", url: "/api/simulations/hidden-case" });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ slug: "hidden-case", instructions: hidden.instructions, typebotUrl: hidden.typebotUrl });
    const none = await ctx.app.inject({ method: "GET", url: "/api/simulations/no-such-case" });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe("not_found");
  });

  it("gives the library's cards their fields only: no instructions or chatbot link on the list page", async () => {
    const { listPublicSimulationCards } = await import("~/server/features/simulations/service");
    await create(simulationInput({ title: "Card Only" }));
    const cards = await listPublicSimulationCards(ctx.db);
    expect(Object.keys(cards.find((c) => c.title === "Card Only")!).sort()).toEqual(["imageUrl", "slug", "subtitle", "tags", "title"]);
  });

  it("toggles visibility on the server and deletes", async () => {
    const sim = (await create(simulationInput())).json();
    const url = `/api/admin/simulations/${sim.id}`;
    const toggle = () => ctx.app.inject({ method: "PATCH", url: `${url}/toggle-visibility`, headers: { cookie: content } });
    expect((await toggle()).json().visibility).toBe("unlisted");
    expect((await toggle()).json().visibility).toBe("public");
    expect((await ctx.app.inject({ method: "DELETE", url, headers: { cookie: content } })).json()).toEqual({ ok: true });
    const again = await ctx.app.inject({ method: "DELETE", url, headers: { cookie: content } });
    expect(again.statusCode).toBe(404);
    expect((await toggle()).statusCode).toBe(404);
    const badId = await ctx.app.inject({ method: "DELETE", url: "/api/admin/simulations/not-a-uuid", headers: { cookie: content } });
    expect(badId.statusCode).toBe(400);
  });

  it("refuses every admin call to anonymous callers and to a sales-only user", async () => {
    const sim = (await create(simulationInput())).json();
    const calls = [
      { method: "GET", url: "/api/admin/simulations" },
      { method: "POST", url: "/api/admin/simulations", payload: simulationInput() },
      { method: "PUT", url: `/api/admin/simulations/${sim.id}`, payload: simulationInput() },
      { method: "DELETE", url: `/api/admin/simulations/${sim.id}` },
      { method: "PATCH", url: `/api/admin/simulations/${sim.id}/toggle-visibility` },
      { method: "POST", url: "/api/upload/simulation-image" },
      { method: "POST", url: "/api/upload/mentor-image" },
      { method: "POST", url: "/api/mentors", payload: [] },
    ] as const;
    for (const call of calls) {
      const anonymous = await ctx.app.inject({ ...call, payload: "payload" in call ? call.payload : undefined } as never);
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      const wrongRole = await ctx.app.inject({ ...call, headers: { cookie: sales }, payload: "payload" in call ? call.payload : undefined } as never);
      expect(wrongRole.statusCode, `${call.method} ${call.url} as sales`).toBe(403);
    }
    const after = (await ctx.app.inject({ method: "GET", url: "/api/admin/simulations", headers: { cookie: content } })).json();
    expect(after.find((s: { id: string }) => s.id === sim.id)).toMatchObject({ visibility: "public", title: sim.title });
  });
});
