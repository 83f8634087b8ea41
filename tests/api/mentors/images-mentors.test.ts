import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MENTORS } from "~/server/features/mentors/defaults";
import { isDemoSeeded, seedDemoContent } from "~/server/features/demo/seed";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { multipart } from "../../helpers/multipart";

let ctx: TestContext;
let content: string;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestApp();
  content = (await signedIn(ctx, ["content"])).cookie;
  png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#4338ca" } }).png().toBuffer();
});
afterAll(() => ctx.close());

const upload = (url: string, fileName: string, data: Buffer, cookie = content) =>
  ctx.app.inject({ method: "POST", url, ...withCookie(multipart("image", fileName, data), cookie) });
const withCookie = (body: ReturnType<typeof multipart>, cookie: string) => ({ payload: body.payload, headers: { ...body.headers, cookie } });

describe("image uploads", () => {
  it("accepts an image by its content (a PNG named .gif), stores resized WebP copies and serves them for a year", async () => {
    const response = await upload("/api/upload/simulation-image", "photo.gif", png);
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json();
    expect(imageUrl).toMatch(/^\/api\/images\/[0-9a-f]{32}-1200\.webp$/);
    const served = await ctx.app.inject({ method: "GET", url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    const small = await ctx.app.inject({ method: "GET", url: imageUrl.replace("-1200.", "-400.") });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(400);
    expect((await ctx.app.inject({ method: "GET", url: imageUrl.replace("-1200.", "-401.") })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/api/images/..%2Fsecret" })).statusCode).toBe(400);
    // The same content again: the same URL, nothing stored twice.
    expect((await upload("/api/upload/simulation-image", "again.png", png)).json().imageUrl).toBe(imageUrl);
  });

  it("sizes mentor images for portraits", async () => {
    const { imageUrl } = (await upload("/api/upload/mentor-image", "me.png", png)).json();
    expect(imageUrl).toMatch(/-640\.webp$/);
    const served = await ctx.app.inject({ method: "GET", url: imageUrl.replace("-640.", "-160.") });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(160);
  });

  it("refuses a text file named .png, a PDF, a 6 MB file and a missing file, naming the field", async () => {
    const text = await upload("/api/upload/simulation-image", "fake.png", Buffer.from("hello, I am not an image"));
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({ message: "Please upload an image file", fields: { image: "Please upload an image file" } });
    const pdf = await upload("/api/upload/mentor-image", "doc.png", Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n"));
    expect(pdf.statusCode).toBe(400);
    const big = await upload("/api/upload/simulation-image", "big.png", Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields).toEqual({ image: "Image size should be less than 5MB" });
    const huge = await upload("/api/upload/simulation-image", "huge.png", Buffer.alloc(9 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    const broken = await upload("/api/upload/simulation-image", "broken.png", png.subarray(0, 100));
    expect(broken.statusCode).toBe(400);
    const wrongField = await ctx.app.inject({ method: "POST", url: "/api/upload/simulation-image", ...withCookie(multipart("file", "a.png", png), content) });
    expect(wrongField.json().error.fields).toEqual({ file: "No file is expected here; send it as image" });
    const none = await ctx.app.inject({ method: "POST", url: "/api/upload/simulation-image", ...withCookie(multipart("image", "", Buffer.alloc(0)), content) });
    expect(none.json().error.fields).toEqual({ image: "Please choose an image to upload" });
    const json = await ctx.app.inject({ method: "POST", url: "/api/upload/simulation-image", headers: { cookie: content }, payload: {} });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe("Send the form as multipart/form-data");
  });
});

describe("mentor editor", () => {
  it("saves the whole list and the public list shows it", async () => {
    const mentors = [
      { ...DEFAULT_MENTORS[0]!, name: "  Priya Rao ", image: "/api/images/0123456789abcdef0123456789abcdef-640.webp" },
      { id: 2, name: "New Mentor", role: "Role / Position", image: "", bio: "", linkedin: "https://linkedin.com/in/", website: "https://example.com" },
    ];
    const saved = await ctx.app.inject({ method: "POST", url: "/api/mentors", headers: { cookie: content }, payload: mentors });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toHaveLength(2);
    const list = (await ctx.app.inject({ method: "GET", url: "/api/mentors" })).json();
    expect(list[0].name).toBe("Priya Rao");
    expect(list[1]).toMatchObject({ name: "New Mentor", website: "https://example.com" });
  });

  it("requires name and role, well-formed links and different ids", async () => {
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/mentors",
      headers: { cookie: content },
      payload: [
        { id: 1, name: " ", role: "", image: "", bio: "", linkedin: "https://example.com/in/x" },
        { id: 1, name: "A", role: "B", image: "javascript:alert(1)", bio: "", linkedin: "" },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      "0.name": "Name is required",
      "0.role": "Role is required",
      "0.linkedin": "Please enter a valid LinkedIn profile URL",
      "1.image": "Must be a link starting with http:// or https://",
      "1.id": "Each mentor needs a different id",
    });
  });
});

describe("demo content", () => {
  it("seeds a handful of public simulations with stored images", async () => {
    expect(await isDemoSeeded(ctx.db)).toBe(false);
    await seedDemoContent(ctx.db);
    const list = (await ctx.app.inject({ method: "GET", url: "/api/simulations" })).json();
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list[0].title).toBe("Founder's Office Diagnostic");
    for (const sim of list) {
      expect(sim.tags.length).toBeGreaterThan(0);
      expect((await ctx.app.inject({ method: "GET", url: sim.imageUrl })).statusCode).toBe(200);
    }
  });
});
