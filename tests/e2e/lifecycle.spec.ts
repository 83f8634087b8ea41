import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../helpers/free-port";
import { ACCOUNTS } from "./accounts";

// The built server as an operator runs it: one process per PGlite data directory, clean exit on SIGTERM.
const root = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];
let dataDir = "";

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number): Run {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    // Blank counts as unset, and keeps a .env file from pointing the server at PostgreSQL.
    DATABASE_URL: "",
    SMTP_URL: "",
  };
  const child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // "close", not "exit": by then all of its output has been read.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves when the server logs that it listens; fails if it exits first. */
function ready(run: Run): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (run.output().includes("Site ready at")) {
        run.child.stdout!.off("data", check);
        resolve();
      }
    };
    run.child.stdout!.on("data", check);
    check();
    void run.exited.then((code) => reject(new Error(`server exited with ${code} before it was ready:\n${run.output()}`)));
  });
}

async function health(port: number) {
  const response = await fetch(`http://localhost:${port}/api/health`);
  return { status: response.status, body: await response.json() };
}

/** Adds the e2e staff accounts to the data directory (before any server holds it). */
async function seedStaff() {
  const tsx = path.join(root, "node_modules/.bin/tsx");
  const child = spawn(tsx, [path.join(root, "tests/e2e/seed-staff.ts")], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code, "seed-staff.ts exit code").toBe(0);
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://localhost:${port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("ff_session="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0]!;
}

async function me(port: number, cookie: string) {
  const response = await fetch(`http://localhost:${port}/api/auth/me`, { headers: { cookie } });
  return { status: response.status, body: response.ok ? await response.json() : null };
}

test.beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "ff-e2e-lifecycle-"));
});

test.afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("one server per data directory, clean exit on SIGTERM, data kept across restarts", async () => {
  // Four cold starts of PGlite (seed, server, refused second server, restart) on a busy 2-core machine.
  test.setTimeout(120_000);
  const port = await freePort();
  await seedStaff();

  const first = startServer(port);
  await ready(first);
  expect(await health(port)).toEqual({ status: 200, body: { status: "ok", engine: "pglite", database: "up" } });
  expect(existsSync(path.join(dataDir, "server.lock"))).toBe(true);
  // Something to find after the restart: a session, signed with the secret kept in the database.
  const cookie = await signIn(port);

  const second = startServer(await freePort());
  expect(await second.exited).toBeGreaterThan(0);
  expect(second.output()).toContain("in use by another process");
  expect(await health(port)).toMatchObject({ status: 200 });

  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);

  const again = startServer(port);
  await ready(again);
  expect(await health(port)).toEqual({ status: 200, body: { status: "ok", engine: "pglite", database: "up" } });
  // Accounts, sessions and the session secret were kept: the session from before the restart still works.
  expect(await me(port, cookie)).toEqual({ status: 200, body: { name: ACCOUNTS.admin.name, email: ACCOUNTS.admin.email, roles: ["admin"] } });

  again.child.kill("SIGTERM");
  expect(await again.exited).toBe(0);
  expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
});

test("a new installation prints a one-time setup link: the browser makes the first admin, by keyboard at 360 px; the next start prints none", async ({ browser }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const first = startServer(port);
  await ready(first);
  await expect.poll(() => /\/setup\?token=[\w-]+/.exec(first.output())?.[0] ?? "").toMatch(/token=/);
  const link = `http://localhost:${port}${/\/setup\?token=[\w-]+/.exec(first.output())![0]}`;

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Create the first admin account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create admin account" })).toBeEnabled();
  // A short password is named by its field, and what was typed stays.
  await page.getByLabel("Name").fill("Asha Menon");
  await page.getByLabel("Email").fill("asha.menon@example.com");
  await page.getByLabel("Password").fill("short");
  await page.getByLabel("Password").press("Enter");
  await expect(page.getByText("Password must be at least 12 characters")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Asha Menon");
  await page.getByLabel("Password").fill("asha-menon-first-admin");
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Admin account created")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The link is used up: the same form again is refused, without saying more.
  const again = await context.newPage();
  await again.goto(link);
  await again.getByLabel("Name").fill("Someone Else");
  await again.getByLabel("Email").fill("someone.else@example.com");
  await again.getByLabel("Password").fill("someone-else-password");
  await again.getByRole("button", { name: "Create admin account" }).click();
  await expect(again.getByRole("alert")).toContainText("This setup link is not valid");
  await context.close();

  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  const restarted = startServer(port);
  await ready(restarted);
  expect(restarted.output()).not.toContain("/setup?token=");
  restarted.child.kill("SIGTERM");
  expect(await restarted.exited).toBe(0);
});

/** `npm run staff -- …` (or candidate) as an operator runs it beside the server, on the same DATA_DIR. */
function operatorCommand(script: "staff" | "candidate", ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, `scripts/${script}.ts`), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", STAFF_PASSWORD: "made-from-the-command-line" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

test("npm run staff works while the embedded server runs (through its 0600 socket), with it stopped, and after it was killed", async () => {
  // Three cold starts of PGlite and five command runs on a busy 2-core machine.
  test.setTimeout(240_000);
  const port = await freePort();
  const socket = path.join(dataDir, "server.sock");
  const first = startServer(port);
  await ready(first);
  expect(statSync(socket).isSocket()).toBe(true);
  expect(statSync(socket).mode & 0o777).toBe(0o600);

  const added = await operatorCommand("staff", "add", "Live.Admin@example.com", "--name", "Live Admin", "--roles", "admin");
  expect(added.stderr).toBe("");
  expect(added).toMatchObject({ code: 0, stdout: "Added Live Admin <live.admin@example.com> with roles admin.\n" });
  const login = await fetch(`http://localhost:${port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "live.admin@example.com", password: "made-from-the-command-line" }),
  });
  expect(login.status).toBe(200);
  // The same error as with the server stopped, and the candidate command takes the same way.
  expect(await operatorCommand("staff", "add", "live.admin@example.com", "--name", "Again", "--roles", "sales")).toMatchObject({
    code: 1,
    stderr: "A staff account for live.admin@example.com already exists\n",
  });
  expect((await operatorCommand("candidate", "status", "someone@example.com")).stdout).toContain("someone@example.com: 0 wrong codes in a row");

  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(existsSync(socket)).toBe(false);
  // Stopped: the command opens the database itself.
  expect(await operatorCommand("staff", "disable", "live.admin@example.com")).toMatchObject({ code: 0, stdout: "Disabled live.admin@example.com; their sessions have ended.\n" });

  // Killed: its lock and socket stay behind; neither stops the command nor the next start.
  const killed = startServer(port);
  await ready(killed);
  killed.child.kill("SIGKILL");
  await killed.exited;
  expect(statSync(socket).isSocket()).toBe(true);
  expect((await operatorCommand("staff", "list")).stdout).toBe("live.admin@example.com\tLive Admin\tadmin\tdisabled\n");
  const again = startServer(port);
  await ready(again);
  expect(statSync(socket).mode & 0o777).toBe(0o600);
  expect(await operatorCommand("staff", "reset-password", "live.admin@example.com")).toMatchObject({ code: 0, stdout: "Password changed for live.admin@example.com; their sessions have ended.\n" });
  again.child.kill("SIGTERM");
  expect(await again.exited).toBe(0);
});
