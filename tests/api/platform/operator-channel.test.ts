// The command line's private socket to the running server (issue 22 §1): npm run staff asks the
// server that holds the embedded database. Here the channel runs in this process on the test
// database; tests/e2e/lifecycle.spec.ts runs the real command against the built server.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOperatorRequest, type OperatorRequest } from "~/server/features/staff/cli-commands";
import { askLocalChannel, listenLocalChannel, localChannelPath, type LocalChannel } from "~/server/platform/local-channel";
import { createTestApp, login, type TestContext } from "../../helpers/app";
import { testEngine } from "../../helpers/database";

const log = pino({ level: "silent" });
let ctx: TestContext;
let dataDir: string;
let channel: LocalChannel;
beforeAll(async () => {
  ctx = await createTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "ff-channel-"));
  // A socket left by a killed server: replaced, not a reason to refuse.
  leaveStaleSocket(localChannelPath(dataDir));
  channel = (await listenLocalChannel(dataDir, answerOperatorRequest(ctx.db, log), log))!;
});
afterAll(async () => {
  await channel?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await ctx.close();
});

/** A socket file whose server was killed (a server that closes removes its file). */
function leaveStaleSocket(file: string) {
  const listenThenDie = `require("net").createServer().listen(${JSON.stringify(file)}, () => process.kill(process.pid, "SIGKILL"))`;
  expect(spawnSync(process.execPath, ["-e", listenThenDie]).signal).toBe("SIGKILL");
  expect(statSync(file).isSocket()).toBe(true);
}

const ask = (request: OperatorRequest) => askLocalChannel(dataDir, request);
const ADMIN = { email: "Channel.Admin@example.com", name: "Channel Admin", password: "channel-admin-password" };

/** One raw line to the socket, as a client that is not our command line might send. */
function sendRaw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(channel.path, () => socket.end(text));
    let answer = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer)).on("error", reject);
  });
}

describe("the command channel", () => {
  it("listens on DATA_DIR/server.sock, readable and writable by this user only, in place of a stale socket", () => {
    expect(channel.path).toBe(path.join(dataDir, "server.sock"));
    const stat = statSync(channel.path);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it("adds a staff account who can then sign in, and answers with the command line's own words", async () => {
    expect(await ask({ command: "staff.add", email: ADMIN.email, name: ADMIN.name, roles: ["admin"], password: ADMIN.password })).toEqual({
      ok: true,
      output: "Added Channel Admin <channel.admin@example.com> with roles admin.",
    });
    expect(await login(ctx.app, ADMIN.email, ADMIN.password)).toMatch(/^ff_session=/);
    expect(await ask({ command: "staff.list" })).toEqual({ ok: true, output: expect.stringContaining("channel.admin@example.com\tChannel Admin\tadmin\tactive") });
    expect(await ask({ command: "candidate.unlock", email: "someone@example.com" })).toMatchObject({ ok: true, output: expect.stringContaining("unlocked") });
  });

  it("serves the real npm run staff beside a running server on either engine (PostgreSQL: connecting directly)", async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "" };
    if (testEngine === "postgres") {
      const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
      const [row] = result.rows;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      env.DATABASE_URL = url.toString();
    }
    // Not spawnSync: the channel answering it runs in this process.
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", "cli.sales@example.com", "--name", "Cli Sales", "--roles", "sales"], {
      env: { ...process.env, ...env, STAFF_PASSWORD: "cli-sales-password" },
    });
    const run = { stdout: "", stderr: "" };
    child.stdout.on("data", (chunk) => (run.stdout += chunk));
    child.stderr.on("data", (chunk) => (run.stderr += chunk));
    expect(await new Promise((resolve) => child.once("close", resolve))).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("Added Cli Sales <cli.sales@example.com> with roles sales.\n");
    expect(await login(ctx.app, "cli.sales@example.com", "cli-sales-password")).toMatch(/^ff_session=/);
  });

  it("gives the errors the command line prints today", async () => {
    expect(await ask({ command: "staff.add", email: ADMIN.email, name: "Again", roles: ["sales"], password: ADMIN.password })).toEqual({
      ok: false,
      error: "A staff account for channel.admin@example.com already exists",
    });
    expect(await ask({ command: "staff.disable", email: "nobody@example.com" })).toEqual({ ok: false, error: "No staff account for nobody@example.com" });
    expect(await ask({ command: "staff.reset-password", email: ADMIN.email, password: "short" })).toEqual({
      ok: false,
      error: "Password must be at least 12 characters",
    });
    expect(await ask({ command: "staff.add", email: "x@example.com", name: "X", roles: ["owner" as "admin"], password: ADMIN.password })).toEqual({
      ok: false,
      error: "Roles must be among admin, admissions, content, sales",
    });
  });

  it("answers a malformed request with a reason, never by hanging up without one", async () => {
    expect(JSON.parse(await sendRaw("not json\n"))).toEqual({ ok: false, error: "The request is not JSON." });
    expect(JSON.parse(await sendRaw(`${JSON.stringify({ command: "staff.drop-all" })}\n`))).toMatchObject({ ok: false });
    expect(JSON.parse(await sendRaw("x".repeat(70_000)))).toEqual({ ok: false, error: "The request is too long." });
  });

  it("cannot be opened by another OS user", () => {
    // The kernel checks the socket file's permission on connect; root passes any check, so ask as nobody.
    if (process.getuid?.() !== 0) return expect(statSync(channel.path).mode & 0o077).toBe(0);
    chmodSync(dataDir, 0o755);
    try {
      const probe = `require("net").createConnection(${JSON.stringify(channel.path)}).on("connect", () => process.exit(0)).on("error", (e) => { console.log(e.code); process.exit(3); })`;
      const result = spawnSync(process.execPath, ["-e", probe], { uid: 65534, gid: 65534, encoding: "utf8", timeout: 20_000 });
      expect(result.stdout.trim()).toBe("EACCES");
      expect(result.status).toBe(3);
    } finally {
      chmodSync(dataDir, 0o700);
    }
  });

  it("is not opened, nor used, in a directory other users may write", async () => {
    const open = mkdtempSync(path.join(os.tmpdir(), "ff-channel-open-"));
    try {
      chmodSync(open, 0o777);
      expect(await listenLocalChannel(open, answerOperatorRequest(ctx.db, log), log)).toBeNull();
      // A socket someone else could have put there is refused, not trusted with a password.
      const planted = net.createServer().listen(localChannelPath(open));
      await new Promise((resolve) => planted.once("listening", resolve));
      await expect(askLocalChannel(open, { command: "staff.list" })).rejects.toThrow(/may be written by other users/);
      planted.close();
    } finally {
      rmSync(open, { recursive: true, force: true });
    }
  });

  it("says none listens when the socket is missing or stale, so the command opens the database itself", async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "ff-channel-none-"));
    try {
      expect(await askLocalChannel(empty, { command: "staff.list" })).toBeNull();
      leaveStaleSocket(localChannelPath(empty));
      chmodSync(localChannelPath(empty), 0o600);
      expect(await askLocalChannel(empty, { command: "staff.list" })).toBeNull();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("removes its socket when closed", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ff-channel-close-"));
    const other = (await listenLocalChannel(dir, answerOperatorRequest(ctx.db, log), log))!;
    await other.close();
    expect(statSync(other.path, { throwIfNoEntry: false })).toBeUndefined();
    rmSync(dir, { recursive: true, force: true });
  });
});
