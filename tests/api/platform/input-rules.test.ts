import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorSerializers } from "~/server/platform/log-errors";
import { FORBIDDEN_TEXT_MESSAGE } from "~/shared/text-input";
import { RESUME_INFLATES } from "~/server/features/applications/service";
import { ZIP_LIMITS } from "~/server/platform/zip-inflation";
import { RESUME_MAX_BYTES } from "~/shared/application-options";
import { applicationFields, applicationInput, docxBytes, multipartBody } from "../../fixtures/applications";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { multipart } from "../../helpers/multipart";

/** Phase one of the hardening (issue 9): text that cannot be stored, the multipart reader, links. */
let ctx: TestContext;
let content: string;
let admissions: string;
beforeAll(async () => {
  ctx = await createTestApp();
  content = (await signedIn(ctx, ["content"])).cookie;
  admissions = (await signedIn(ctx, ["admissions"])).cookie;
});
afterAll(() => ctx.close());

let ip = 0;
const nextIp = () => `10.9.${++ip >> 8}.${ip & 255}`;
const contact = { name: "Vikram Rao", email: "vikram@startup.example", subject: "Hiring", message: "Can we talk?" };

describe("text that PostgreSQL cannot store is refused for every route, naming the field", () => {
  const bad = { nul: "Vik\u0000ram", high: "Vik\ud800ram", low: "\udc00Vikram", trailingHigh: "Vikram\ud83d" };

  for (const [kind, value] of Object.entries(bad)) {
    it(`JSON body (${kind})`, async () => {
      const response = await ctx.app.inject({ method: "POST", url: "/api/contact", payload: { ...contact, name: value }, remoteAddress: nextIp() });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ name: FORBIDDEN_TEXT_MESSAGE });
    });
  }

  it("accepts a real pair of surrogates (an emoji) and ordinary Unicode", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/contact", payload: { ...contact, name: "Vikram 🚀 राव" }, remoteAddress: nextIp() });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("nested fields and keys name their path", async () => {
    const list = [{ id: 1, name: "Priya", role: "Mentor", image: "", bio: "ok", linkedin: "" }, { id: 2, name: "A", role: "B\u0000", image: "", bio: "", linkedin: "" }];
    const nested = await ctx.app.inject({ method: "POST", url: "/api/mentors", headers: { cookie: content }, payload: list });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.fields).toEqual({ "1.role": FORBIDDEN_TEXT_MESSAGE });
    const key = await ctx.app.inject({ method: "POST", url: "/api/contact", payload: { ...contact, ["x\u0000"]: "1" }, remoteAddress: nextIp() });
    expect(key.statusCode).toBe(400);
  });

  it("the query string (the applications search) and path parameters", async () => {
    const q = await ctx.app.inject({ method: "GET", url: "/api/applications?q=%00", headers: { cookie: admissions } });
    expect(q.statusCode).toBe(400);
    expect(q.json().error.fields).toEqual({ q: FORBIDDEN_TEXT_MESSAGE });
    const surrogate = await ctx.app.inject({ method: "GET", url: `/api/applications?q=${encodeURIComponent("a")}%ED%A0%80`, headers: { cookie: admissions } });
    expect(surrogate.statusCode).toBeLessThan(500);
    const param = await ctx.app.inject({ method: "PATCH", url: "/api/inbox/a%00b", headers: { cookie: admissions }, payload: { handled: true } });
    expect(param.statusCode).toBe(400);
    expect(param.json().error.fields).toEqual({ id: FORBIDDEN_TEXT_MESSAGE });
  });

  it("multipart text fields (the application form)", async () => {
    const fields = applicationFields(applicationInput({ email: "nul.test@example.com" }));
    const response = await ctx.app.inject({ method: "POST", url: "/api/applications", ...multipartBody({ ...fields, motivation: "I want\u0000 in" }), remoteAddress: nextIp() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ motivation: FORBIDDEN_TEXT_MESSAGE });
  });
});

describe("image uploads read through the platform multipart reader", () => {
  const upload = (body: { payload: Buffer | string; headers: Record<string, string> }) =>
    ctx.app.inject({ method: "POST", url: "/api/upload/mentor-image", payload: body.payload, headers: { ...body.headers, cookie: content } });

  it("a Content-Type without a boundary is a 400 that says so", async () => {
    const response = await upload({ payload: "hello", headers: { "content-type": "multipart/form-data" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/boundary/);
  });

  it("a body that ends inside the file is a 400 naming the field, not \"too large\"", async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#123456" } }).png().toBuffer();
    const whole = multipart("image", "me.png", png, "image/png");
    const response = await upload({ payload: whole.payload.subarray(0, whole.payload.length - 200), headers: whole.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.image).toMatch(/cut off/);
    expect(response.body).not.toMatch(/5MB|large/);
  });

  it("\"Unexpected end of multipart data\" is a 400", async () => {
    const response = await upload({ payload: "--b\r\n", headers: { "content-type": "multipart/form-data; boundary=b" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/could not be read/);
  });

  it("a file one byte under 5 MB passes the reader; 5 MB exactly is too large, naming the field", async () => {
    const under = await upload(multipart("image", "a.png", Buffer.alloc(5 * 1024 * 1024 - 1)));
    expect(under.json().error.fields).toEqual({ image: "Please upload an image file" });
    const at = await upload(multipart("image", "a.png", Buffer.alloc(5 * 1024 * 1024)));
    expect(at.statusCode).toBe(413);
    expect(at.json().error.fields).toEqual({ image: "Image size should be less than 5MB" });
  });
});

describe("one link rule for links people type in", () => {
  const mentorWith = (link: Record<string, string>) => [{ id: 1, name: "Priya", role: "Mentor", image: "", bio: "", linkedin: "", ...link }];
  const hostile = ["//evil.example/phish", "/\\evil.example", "javascript:alert(1)", "https:evil.example", "https://linkedin.com@evil.example/in/x", "http://exa mple.com"];

  for (const link of hostile) {
    it(`mentor links refuse ${JSON.stringify(link)}`, async () => {
      for (const field of ["linkedin", "twitter", "website", "image"]) {
        const response = await ctx.app.inject({ method: "POST", url: "/api/mentors", headers: { cookie: content }, payload: mentorWith({ [field]: link }) });
        expect(response.statusCode, `${field}=${link}`).toBe(400);
        expect(Object.keys(response.json().error.fields)).toEqual([`0.${field}`]);
      }
    });
  }

  it("a mentor's image may be one of ours, never another path on our site", async () => {
    const ours = "/api/images/0123456789abcdef0123456789abcdef-640.webp";
    expect((await ctx.app.inject({ method: "POST", url: "/api/mentors", headers: { cookie: content }, payload: mentorWith({ image: ours }) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "POST", url: "/api/mentors", headers: { cookie: content }, payload: mentorWith({ image: "/admin/logout" }) })).statusCode).toBe(400);
  });

  it("a simulation's Typebot URL and the mentor-application LinkedIn use the same rule", async () => {
    const simulation = { title: "T", subtitle: "S", instructions: "I", typebotUrl: "//evil.example/bot" };
    const created = await ctx.app.inject({ method: "POST", url: "/api/admin/simulations", headers: { cookie: content }, payload: simulation });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.fields).toEqual({ typebotUrl: "Typebot URL must be a link starting with http:// or https://" });
    const mentorApplication = { name: "Leela", email: "leela@example.com", message: "Hi", experience: "9", expertise: "Growth", linkedin: "https://x.example@evil.example" };
    const applied = await ctx.app.inject({ method: "POST", url: "/api/mentor-applications", payload: mentorApplication, remoteAddress: nextIp() });
    expect(applied.statusCode).toBe(400);
    expect(Object.keys(applied.json().error.fields)).toEqual(["linkedin"]);
  });
});

describe("the error log", () => {
  it("names the failed query but never its parameter values", async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const log = pino({ serializers: errorSerializers }, sink);
    const secret = "priya.personal@example.com";
    const failure = await ctx.db.execute(sql`select ${secret}::integer as n`).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    log.error({ err: failure }, "unexpected error");
    await new Promise((resolve) => setImmediate(resolve));
    const written = lines.join("");
    expect(written).toContain("Failed query: select $1::integer as n");
    expect(written).not.toContain(secret);
    expect(written).not.toContain("priya");
  });
});

describe("a Word résumé that inflates beyond a sane size", () => {
  const post = (data: Buffer, email: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      ...multipartBody(applicationFields(applicationInput({ email })), { fileName: "cv.docx", contentType: "application/octet-stream", data }),
      remoteAddress: nextIp(),
    });

  it("is refused naming the résumé, whatever sizes it declares; an ordinary compressed one passes", async () => {
    const bomb = docxBytes({ deflate: true, padding: ZIP_LIMITS.maxInflatedBytes + 1 });
    expect(bomb.length).toBeLessThan(RESUME_MAX_BYTES);
    const refused = await post(bomb, "bomb@example.com");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ resume: RESUME_INFLATES });
    const lying = await post(docxBytes({ deflate: true, padding: ZIP_LIMITS.maxInflatedBytes + 1, declareSize: 1000 }), "liar@example.com");
    expect(lying.json().error.fields).toEqual({ resume: RESUME_INFLATES });
    const fine = await post(docxBytes({ deflate: true, padding: 2 * 1024 * 1024 }), "fine@example.com");
    expect(fine.statusCode, fine.body).toBe(201);
  });
});
