import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../helpers/free-port";
import { runAsAdmin } from "../helpers/postgres-admin";

// The built server on PostgreSQL with WEB_CONCURRENCY=2, as an operator runs it: a primary process
// and two workers sharing one port (src/server/cluster.ts). Runs in the postgres project only.
const root = path.resolve(import.meta.dirname, "../..");
let child: ChildProcess | null = null;
let dataDir = "";
let databaseUrl = "";
const adminUrl = process.env.TEST_DATABASE_URL!;
const databaseName = `ff_e2e_workers_${process.pid}`;

const admin = (statement: string) => runAsAdmin(adminUrl, statement);

/** The pid of every worker that said it was ready, in order (each worker logs "Site ready at" with its pid). */
function readyWorkers(output: string): number[] {
  const pids: number[] = [];
  // Whole lines only: the last one may still be arriving.
  for (const line of output.split("\n").slice(0, -1)) {
    if (!line.includes("Site ready at")) continue;
    pids.push((JSON.parse(line) as { pid: number }).pid);
  }
  return pids;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.beforeAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "ff-e2e-workers-"));
});

test.afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGKILL");
    await gone;
  }
  rmSync(dataDir, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

test("a crashed worker is replaced while the other keeps answering, and SIGTERM closes every process", async () => {
  // Three cold starts of a worker (two, then the replacement) on a busy 2-core machine.
  test.setTimeout(120_000);
  const port = await freePort();
  child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "info",
      SMTP_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child!.once("close", (code) => resolve(code)));
  const primary = child.pid!;

  await expect.poll(() => readyWorkers(output).length, { timeout: 60_000, message: output }).toBe(2);
  const [crashed, survivor] = readyWorkers(output) as [number, number];
  expect(new Set([primary, crashed, survivor]).size).toBe(3);

  process.kill(crashed, "SIGKILL");
  await expect.poll(() => alive(crashed)).toBe(false);
  // While the replacement starts, the surviving worker answers every request.
  for (let i = 0; i < 10; i++) {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  }
  await expect.poll(() => readyWorkers(output).length, { timeout: 60_000, message: output }).toBe(3);
  const replacement = readyWorkers(output)[2]!;
  expect([primary, crashed, survivor]).not.toContain(replacement);
  expect(output).toContain("A worker stopped unexpectedly");
  expect(alive(survivor)).toBe(true);
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

  child.kill("SIGTERM");
  expect(await exited).toBe(0);
  for (const pid of [survivor, replacement]) expect(alive(pid), `worker ${pid} still running`).toBe(false);
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
});
