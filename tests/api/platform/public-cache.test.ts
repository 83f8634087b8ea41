import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentVersionReader } from "~/server/platform/content-version";
import { PublicCache } from "~/server/platform/public-cache";
import { simulationFactory, simulationInput } from "../../fixtures/simulations";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let content: string;
beforeAll(async () => {
  ctx = await createTestApp();
  content = (await signedIn(ctx, ["content"])).cookie;
});
afterAll(() => ctx.close());

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });
const titles = (response: { json: () => { title: string }[] }) => response.json().map((s) => s.title);

describe("the anonymous cache of public JSON", () => {
  it("answers repeat requests from memory, compressed, with an ETag that yields 304", async () => {
    await simulationFactory(ctx.db, { title: "Cache Warmup" });
    const first = await get(ctx.app, "/api/simulations");
    expect(first.headers["x-cache"]).toBe("miss");
    const second = await get(ctx.app, "/api/simulations", { "accept-encoding": "gzip, br" });
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers.vary).toBe("accept-encoding, cookie");
    expect(second.headers.etag).toBe(first.headers.etag);
    const plain = await get(ctx.app, "/api/simulations");
    expect(titles(plain)).toContain("Cache Warmup");
    expect(plain.body).toBe(first.body);

    const repeat = await get(ctx.app, "/api/simulations", { "if-none-match": String(first.headers.etag) });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe("");
  });

  it("shows a staff edit on the very next request, in this process and in another one on the same database", async () => {
    const other = await ctx.anotherProcess();
    const created = await simulationFactory(ctx.db, { title: "Before The Edit" });
    // Both processes hold the library in their cache.
    for (const app of [ctx.app, other]) {
      await get(app, "/api/simulations");
      expect((await get(app, "/api/simulations")).headers["x-cache"]).toBe("hit");
    }
    const etag = String((await get(other, "/api/simulations")).headers.etag);

    const edit = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/simulations/${created.id}`,
      headers: { cookie: content },
      payload: simulationInput({ title: "After The Edit" }),
    });
    expect(edit.statusCode).toBe(200);

    for (const app of [ctx.app, other]) {
      const next = await get(app, "/api/simulations", { "if-none-match": etag });
      expect(next.statusCode).toBe(200);
      expect(titles(next)).toContain("After The Edit");
      expect(titles(next)).not.toContain("Before The Edit");
    }

    // Mentors too: the other process sees the saved list at once.
    await get(other, "/api/mentors");
    expect((await get(other, "/api/mentors")).headers["x-cache"]).toBe("hit");
    const mentors = [{ id: 1, name: "Asha Rao", role: "Founder, Example Labs", bio: "Built two startups.", image: "", linkedin: "https://www.linkedin.com/in/asha" }];
    const saved = await ctx.app.inject({ method: "POST", url: "/api/mentors", headers: { cookie: content }, payload: mentors });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await get(other, "/api/mentors");
    expect(after.headers["x-cache"]).toBe("miss");
    expect(after.json()).toMatchObject([{ name: "Asha Rao" }]);
  });

  it("never answers a staff member or a candidate from the anonymous cache, nor stores what they get", async () => {
    await simulationFactory(ctx.db);
    for (const cookie of [content, "ff_candidate=some-candidate-token", `_ga=GA1.1.1; ${content}`]) {
      const response = await get(ctx.app, "/api/simulations", { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-cache"], cookie).toBeUndefined();
      expect(response.headers.etag).toBeUndefined();
    }
    // What they got was not stored: the next anonymous visitor misses.
    expect((await get(ctx.app, "/api/simulations")).headers["x-cache"]).toBe("miss");
    // An analytics cookie alone is still an anonymous visitor.
    expect((await get(ctx.app, "/api/simulations", { cookie: "_ga=GA1.1.1" })).headers["x-cache"]).toBe("hit");
  });

  it("leaves addresses with a query string, other methods and private routes alone", async () => {
    await get(ctx.app, "/api/simulations");
    expect((await get(ctx.app, "/api/simulations?x=1")).headers["x-cache"]).toBeUndefined();
    const admin = await get(ctx.app, "/api/admin/simulations", { cookie: content });
    expect(admin.headers["x-cache"]).toBeUndefined();
    expect((await get(ctx.app, "/api/admin/simulations")).statusCode).toBe(401);
  });
});

describe("the cache store", () => {
  it("shares one render among concurrent misses, and never keeps a render that sets a cookie or is not a 200", async () => {
    const cache = new PublicCache(async () => 1);
    let renders = 0;
    const render = (status: number, cookies: string[] = []) => async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { status, headers: { "content-type": "text/html" }, cookies, body: Buffer.from(`page ${renders}`) };
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer("/", 1, render(200))));
    expect(renders).toBe(1);
    expect(answers.map((a) => ("entry" in a ? a.state : "rendered"))).toEqual(["miss", "miss", "miss"]);
    expect(cache.get("/", 1)).toBeDefined();

    const withCookie = await cache.answer("/about", 1, render(200, ["a=b"]));
    expect("rendered" in withCookie).toBe(true);
    expect(cache.get("/about", 1)).toBeUndefined();
    const missing = await cache.answer("/simulations/nope", 1, render(404));
    expect("rendered" in missing).toBe(true);
    expect(cache.get("/simulations/nope", 1)).toBeUndefined();

    // A newer version retires everything stored under older ones.
    await cache.answer("/terms", 2, render(200));
    expect(cache.get("/", 1)).toBeUndefined();
    expect(cache.size.entries).toBe(1);
  });

  it("reads the version after the request arrived, never an answer already on its way", async () => {
    const read = contentVersionReader(ctx.db);
    const before = await read();
    const pending = read();
    await simulationFactory(ctx.db);
    // Asked after the edit, while an earlier read may still be in flight: sees the edit.
    expect(await read()).toBeGreaterThan(before);
    await pending;
  });
});
