import { createHash } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, registerErrorHandler } from "~/server/platform/errors";
import { readMultipart, registerMultipart, streamUploadedFile } from "~/server/platform/multipart";
import { multipartBody } from "../fixtures/applications";

/**
 * The platform reader on its own, in an app with the same multipart registration and error handler
 * as the real one: the CSV imports (reports, CRM) will stream through it.
 */
const MB = 1024 * 1024;
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  await registerMultipart(app);
  app.post("/stream", async (request) =>
    streamUploadedFile(
      request,
      "file",
      { maxBytes: 20 * MB, tooLarge: "The file must be at most 20 MB", missing: "Choose a CSV file" },
      async (file, info) => {
        const hash = createHash("sha256");
        let bytes = 0;
        for await (const chunk of file as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          hash.update(chunk);
          if (info.fields.refuse === "yes" && bytes > 10) throw new AppError("invalid", "Row 1: not a CSV", { file: "Row 1: not a CSV" });
          if (info.fields.crash === "yes") throw new Error("consumer bug");
        }
        return { bytes, sha: hash.digest("hex"), fileName: info.fileName, mimeType: info.mimeType, fields: info.fields };
      },
    ),
  );
  app.post("/read", async (request, reply) => {
    const form = await readMultipart(request, reply, {
      files: { photo: { maxBytes: 1000, tooLarge: "Photo too large" }, cv: { maxBytes: 2000, tooLarge: "CV too large" } },
    });
    return { fields: form.fields, files: Object.fromEntries(Object.entries(form.files).map(([k, f]) => [k, f.size])) };
  });
  await app.ready();
});
afterAll(() => app.close());

const csv = (size: number) => Buffer.alloc(size, "a,b,c\n");
const file = (data: Buffer, field = "file") => ({ field, fileName: "leads.csv", contentType: "text/csv", data });

describe("streamUploadedFile", () => {
  it("streams a 25 MB-capped field far past the app's 8 MB default, with the text fields sent before it", async () => {
    const data = csv(12 * MB);
    const response = await app.inject({ method: "POST", url: "/stream", ...multipartBody({ source: "legacy" }, file(data)) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      bytes: data.length,
      sha: createHash("sha256").update(data).digest("hex"),
      fileName: "leads.csv",
      mimeType: "text/csv",
      fields: { source: "legacy" },
    });
  });

  it("accepts exactly the cap and answers 413 naming the field one byte over", async () => {
    expect((await app.inject({ method: "POST", url: "/stream", ...multipartBody({}, file(csv(20 * MB))) })).statusCode).toBe(200);
    const over = await app.inject({ method: "POST", url: "/stream", ...multipartBody({}, file(csv(20 * MB + 1))) });
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({ code: "payload_too_large", message: "The file must be at most 20 MB", fields: { file: "The file must be at most 20 MB" } });
  });

  it("says a cut-off file was cut off (400 naming the field), never that it is too large", async () => {
    const whole = multipartBody({}, file(csv(64 * 1024)));
    const cut = whole.payload.subarray(0, whole.payload.length - 2000);
    const response = await app.inject({ method: "POST", url: "/stream", payload: cut, headers: whole.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.file).toMatch(/cut off/);
    expect(response.body).not.toMatch(/large/i);
  });

  it("names the missing field, passes the consumer's own 4xx on, and lets a consumer's bug stay a 500", async () => {
    const missing = await app.inject({ method: "POST", url: "/stream", ...multipartBody({ source: "x" }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ file: "Choose a CSV file" });
    const refused = await app.inject({ method: "POST", url: "/stream", ...multipartBody({ refuse: "yes" }, file(csv(1000))) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ file: "Row 1: not a CSV" });
    const crashed = await app.inject({ method: "POST", url: "/stream", ...multipartBody({ crash: "yes" }, file(csv(1000))) });
    expect(crashed.statusCode).toBe(500);
  });

  it("answers 415 for a body that is not multipart, and refuses NUL in a text field naming it", async () => {
    const json = await app.inject({ method: "POST", url: "/stream", payload: { file: "a,b" } });
    expect(json.statusCode).toBe(415);
    const nul = await app.inject({ method: "POST", url: "/stream", ...multipartBody({ source: "le\u0000gacy" }, file(csv(10))) });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json().error.fields)).toEqual(["source"]);
  });
});

describe("readMultipart", () => {
  it("keeps each file field under its own cap and message", async () => {
    const both = multipartBody({ name: "A" }, { field: "photo", fileName: "p.png", contentType: "image/png", data: Buffer.alloc(1000) });
    const ok = await app.inject({ method: "POST", url: "/read", ...both });
    expect(ok.json()).toEqual({ fields: { name: "A" }, files: { photo: 1000 } });
    const cv = await app.inject({
      method: "POST",
      url: "/read",
      ...multipartBody({}, { field: "cv", fileName: "cv.pdf", contentType: "application/pdf", data: Buffer.alloc(1500) }),
    });
    expect(cv.json()).toEqual({ fields: {}, files: { cv: 1500 } });
    const big = await app.inject({
      method: "POST",
      url: "/read",
      ...multipartBody({}, { field: "photo", fileName: "p.png", contentType: "image/png", data: Buffer.alloc(1500) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields).toEqual({ photo: "Photo too large" });
  });

  it("maps every malformed form to a plain 400 or 415", async () => {
    const noBoundary = await app.inject({ method: "POST", url: "/read", payload: "x", headers: { "content-type": "multipart/form-data" } });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().error.message).toMatch(/boundary/);
    const preambleOnly = await app.inject({
      method: "POST",
      url: "/read",
      payload: "--b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAsha",
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    expect(preambleOnly.statusCode).toBe(400);
    expect(preambleOnly.json().error.message).toMatch(/could not be read/);
    const garbage = await app.inject({ method: "POST", url: "/read", payload: "\u0000\u0001garbage", headers: { "content-type": "multipart/form-data; boundary=b" } });
    expect(garbage.statusCode).toBeLessThan(500);
    const proto = await app.inject({ method: "POST", url: "/read", ...multipartBody({ __proto__x: "1", ["constructor"]: "x" }) });
    expect(proto.statusCode).toBe(400);
    const longValue = await app.inject({ method: "POST", url: "/read", ...multipartBody({ name: "x".repeat(70_000) }) });
    expect(longValue.statusCode).toBe(400);
    expect(Object.keys(longValue.json().error.fields)).toEqual(["name"]);
  });
});
