import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { application, storedFile } from "~/server/db/schema";
import { RESUME_TOO_LARGE, RESUME_WRONG_TYPE } from "~/server/features/applications/service";
import { sweepStaleSpool, tooManyFromClient, tooManyInTotal, UPLOAD_RETRY_AFTER_SECONDS } from "~/server/platform/uploads";
import { applicationFields, applicationInput, exeBytes, multipartBody, pdfBytes } from "../../fixtures/applications";
import { createTestApp, type TestContext } from "../../helpers/app";

/**
 * Issue 25 §4: résumés are spooled to disk as they arrive, never buffered whole in memory; uploads in
 * progress are capped per client address (429) and per process (503) before the body is read; the
 * spooled files are removed however the request ends. Over real sockets, from 127.0.0.x addresses.
 */
const MB = 1024 * 1024;
const limits = { perClient: 3, total: 6, inMemory: 2 };
let ctx: TestContext;
let port: number;
let spoolDir: string;

beforeAll(async () => {
  spoolDir = mkdtempSync(path.join(tmpdir(), "ff-upload-limits-"));
  ctx = await createTestApp({}, { uploadLimits: { ...limits, spoolDir } });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await ctx.close();
  rmSync(spoolDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Upload {
  email: string;
  resume: Buffer;
  socket: Socket;
  /** The first answer on the connection (rejects if none within `timeoutMs` of asking). */
  answer: (timeoutMs?: number) => Promise<Answer>;
  /** Sends up to `bytes` more of the body (all of the rest by default). */
  send: (bytes?: number) => void;
}

/** Parses the first HTTP answer out of what the socket received so far; null while incomplete. */
function parseAnswer(received: Buffer): Answer | null {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = received.subarray(0, end).toString().split("\r\n");
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
  const length = Number(headers["content-length"] ?? 0);
  if (received.length < end + 4 + length) return null;
  return { status: Number(statusLine!.split(" ")[1]), headers, body: received.subarray(end + 4, end + 4 + length).toString() };
}

/**
 * Opens POST /api/applications from `from` (a 127.0.0.x source address) with a valid form and the
 * résumé `resume`, and sends the headers and the first `firstBytes` of the body (the text fields and
 * the start of the file).
 */
function openUpload(from: string, resume: Buffer, options: { firstBytes?: number; headers?: Record<string, string>; fields?: Record<string, string> } = {}): Upload {
  const input = applicationInput();
  const fields = options.fields ?? applicationFields(input);
  const body = multipartBody(fields, { fileName: "cv.pdf", contentType: "application/pdf", data: resume });
  const extra = Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`).join("");
  const head =
    `POST /api/applications HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${body.headers["content-type"]}\r\n` +
    `Content-Length: ${body.payload.length}\r\n${extra}\r\n`;
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  socket.on("error", () => {});
  let received = Buffer.alloc(0);
  let sent = 0;
  const waiters: (() => void)[] = [];
  socket.on("data", (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on("close", () => {
    for (const wake of waiters.splice(0)) wake();
  });
  const send = (bytes = body.payload.length) => {
    const next = body.payload.subarray(sent, sent + bytes);
    sent += next.length;
    if (next.length) socket.write(next);
  };
  socket.write(head);
  send(options.firstBytes ?? Math.min(body.payload.length, 64 * 1024));
  const answer = (timeoutMs = 10_000) =>
    new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to the upload from ${from} within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        const parsed = parseAnswer(received);
        if (parsed) {
          clearTimeout(timer);
          return resolve(parsed);
        }
        if (socket.destroyed) {
          clearTimeout(timer);
          return reject(new Error(`the connection from ${from} closed without an answer`));
        }
        waiters.push(check);
      };
      check();
    });
  return { email: input.email.toLowerCase(), resume, socket, answer, send };
}

const spooled = () => readdirSync(spoolDir).length;

/** Polls until `condition` holds; fails naming `what` after `ms`. */
async function until(what: string, condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function storedResume(email: string): Promise<Buffer | null> {
  const [row] = await ctx.db.select({ fileId: application.resumeFileId }).from(application).where(eq(application.email, email));
  if (!row?.fileId) return null;
  const [file] = await ctx.db.select({ data: storedFile.data }).from(storedFile).where(eq(storedFile.id, row.fileId));
  return file ? Buffer.from(file.data) : null;
}

describe("uploads in progress are capped before the body is read", () => {
  it("one address gets 429 for one upload more than its cap while its others continue; other addresses are not affected", async () => {
    const mine = [0, 1, 2].map(() => openUpload("127.0.0.2", pdfBytes(512 * 1024)));
    await until("the three uploads are being spooled", () => spooled() === 3);

    // Its fourth is refused at once, with the body still arriving; a header it writes itself does not change its address.
    const extra = openUpload("127.0.0.2", pdfBytes(512 * 1024), { headers: { "x-forwarded-for": "198.51.100.9" } });
    const refused = await extra.answer(5_000);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe(String(UPLOAD_RETRY_AFTER_SECONDS));
    const message = tooManyFromClient(["resume"], limits.perClient);
    expect(JSON.parse(refused.body)).toEqual({ error: { code: "rate_limited", message, fields: { resume: message } } });
    expect(message).toMatch(/resume/);
    extra.socket.destroy();

    // Another address uploads meanwhile.
    const other = openUpload("127.0.0.3", pdfBytes(512 * 1024));
    other.send();
    expect((await other.answer()).status).toBe(201);
    expect((await storedResume(other.email))?.equals(other.resume)).toBe(true);

    // The three slow ones were never interrupted.
    for (const upload of mine) upload.send();
    for (const upload of mine) {
      const answer = await upload.answer();
      expect(answer.status, answer.body).toBe(201);
      expect((await storedResume(upload.email))?.equals(upload.resume)).toBe(true);
      upload.socket.destroy();
    }
    await until("the spooled files are removed", () => spooled() === 0);
  });

  it("the process answers 503 beyond its total; uploads cut off give back their slots and leave no files", async () => {
    const open = Array.from({ length: limits.total }, (_, i) => openUpload(`127.0.0.${10 + i}`, pdfBytes(MB)));
    await until(`${limits.total} uploads are being spooled`, () => spooled() === limits.total);

    const extra = openUpload("127.0.0.30", pdfBytes(MB));
    const refused = await extra.answer(5_000);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe(String(UPLOAD_RETRY_AFTER_SECONDS));
    const message = tooManyInTotal(["resume"]);
    expect(JSON.parse(refused.body)).toEqual({ error: { code: "unavailable", message, fields: { resume: message } } });
    extra.socket.destroy();

    // Every client goes away halfway through its file.
    for (const upload of open) upload.socket.destroy();
    await until("the files of the cut-off uploads are removed", () => spooled() === 0);
    await until("their slots are given back", () => ctx.app.uploads.count() === 0);
    for (const upload of open) expect(await storedResume(upload.email)).toBeNull();

    const after = openUpload("127.0.0.30", pdfBytes(MB));
    after.send();
    expect((await after.answer()).status).toBe(201);
    after.socket.destroy();
  });
});

describe("spooled files are removed on every path", () => {
  it("a résumé over its cap (413), of the wrong type (400) or with a wrong form (400) leaves nothing behind", async () => {
    const cases = [
      { resume: pdfBytes(6 * MB), status: 413, fields: undefined, check: (body: string) => expect(JSON.parse(body).error.fields).toEqual({ resume: RESUME_TOO_LARGE }) },
      { resume: Buffer.concat([exeBytes(), Buffer.alloc(MB)]), status: 400, fields: undefined, check: (body: string) => expect(JSON.parse(body).error.fields).toEqual({ resume: RESUME_WRONG_TYPE }) },
      {
        resume: pdfBytes(MB),
        status: 400,
        fields: { ...applicationFields(applicationInput()), firstName: "" },
        check: (body: string) => expect(JSON.parse(body).error.fields).toEqual({ firstName: "First name is required" }),
      },
    ];
    for (const [i, item] of cases.entries()) {
      const upload = openUpload(`127.0.0.${40 + i}`, item.resume, { firstBytes: 256 * 1024, fields: item.fields });
      await until("the file is being spooled", () => spooled() === 1);
      upload.send();
      const answer = await upload.answer();
      expect(answer.status).toBe(item.status);
      item.check(answer.body);
      await until("its spooled file is removed", () => spooled() === 0);
      upload.socket.destroy();
    }
    await until("no upload is counted", () => ctx.app.uploads.count() === 0);
  });

  it("a valid application's résumé of 4.5 MB, sent in pieces, is stored byte for byte", async () => {
    const pdf = pdfBytes(1024);
    const resume = Buffer.concat([pdf.subarray(0, 512), randomBytes(4.5 * MB), pdf.subarray(512)]);
    const upload = openUpload("127.0.0.50", resume, { firstBytes: 100 * 1024 });
    await until("the résumé is being spooled", () => spooled() === 1);
    for (let i = 0; i < 8; i++) {
      upload.send(600 * 1024);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    upload.send();
    const answer = await upload.answer();
    expect(answer.status, answer.body).toBe(201);
    const stored = await storedResume(upload.email);
    expect(stored?.length).toBe(resume.length);
    expect(createHash("sha256").update(stored!).digest("hex")).toBe(createHash("sha256").update(resume).digest("hex"));
    await until("its spooled file is removed", () => spooled() === 0);
    upload.socket.destroy();
  });
});

describe("files a killed process left behind", () => {
  it("are removed at start once older than any request can be; fresh ones (another process's) are kept", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ff-upload-sweep-"));
    try {
      const old = path.join(dir, "123-old.part");
      writeFileSync(old, "left behind");
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      utimesSync(old, twoHoursAgo, twoHoursAgo);
      writeFileSync(path.join(dir, "456-fresh.part"), "in progress");
      writeFileSync(path.join(dir, "not-ours.txt"), "x");
      utimesSync(path.join(dir, "not-ours.txt"), twoHoursAgo, twoHoursAgo);
      expect(await sweepStaleSpool(dir)).toBe(1);
      expect(readdirSync(dir).sort()).toEqual(["456-fresh.part", "not-ours.txt"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
