// Child processes of a benchmark (servers under test, the hello-world baseline) and everything else
// it must undo (temp folders, bench databases), cleaned up on success, failure or Ctrl-C.
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const SERVER_ENTRY = path.join(root, "dist/server/main.js");
export const SITE_BUILD = path.join(root, "build/server/index.js");

/** A cold start creates the embedded database (initdb) and loads the demo: minutes on a busy shared machine. */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_S ?? 180) * 1000;
const STOP_TIMEOUT_MS = 15_000;

export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  exited: boolean;
  /** Exit code, or the signal name, or the spawn error. */
  exit: Promise<number | string>;
  /** Last few KB of the child's stdout+stderr, shown when it fails. */
  output: string;
}

export interface StopRecord {
  name: string;
  pid: number;
  exit: number | string;
  stopMs: number;
  /** Did not exit within 15 s of SIGTERM and was killed. */
  forced: boolean;
  /** Had already exited before we asked it to. */
  diedEarly: boolean;
}

const children = new Set<Child>();
/** Every child stopped so far, for the bench's own checks (exit 0 on SIGTERM). */
export const stops: StopRecord[] = [];
const tempDirs = new Set<string>();
const cleanups: (() => Promise<void>)[] = [];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `node <args>` in the project folder, keeping the tail of its output for error messages. */
export function launch(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const child: Child = { name, proc, pid: proc.pid ?? -1, exited: false, exit: Promise.resolve(0), output: "" };
  // BENCH_SERVER_LOG=<folder>: each child's whole output in <folder>/<name>.log, to read a failure after the run.
  const logFolder = process.env.BENCH_SERVER_LOG;
  const logFile = logFolder ? path.join(logFolder, `${name.replace(/[^\w.-]+/g, "-")}.log`) : null;
  const keep = (chunk: Buffer) => {
    child.output = (child.output + chunk.toString()).slice(-4000);
    if (logFile) appendFileSync(logFile, chunk);
  };
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  child.exit = new Promise((resolve) => {
    proc.once("exit", (code, signal) => {
      child.exited = true;
      resolve(code ?? signal ?? "unknown");
    });
    proc.once("error", (error) => {
      child.exited = true;
      resolve(`spawn error: ${error.message}`);
    });
  });
  children.add(child);
  return child;
}

/** SIGTERM, then SIGKILL after 15 s; records how it went in `stops`. */
export async function stop(child: Child): Promise<StopRecord> {
  const started = performance.now();
  const diedEarly = child.exited;
  if (!child.exited) child.proc.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const timedOut = Symbol("timeout");
  let exit = await Promise.race([
    child.exit,
    new Promise<typeof timedOut>((resolve) => (timer = setTimeout(() => resolve(timedOut), STOP_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  const forced = exit === timedOut;
  if (forced) {
    child.proc.kill("SIGKILL");
    exit = await child.exit;
  }
  children.delete(child);
  const record: StopRecord = { name: child.name, pid: child.pid, exit: exit as number | string, stopMs: Math.round(performance.now() - started), forced, diedEarly };
  stops.push(record);
  return record;
}

/** A folder removed at cleanup. */
export function removeAtCleanup(dir: string): string {
  tempDirs.add(dir);
  return dir;
}

/** Work to undo at cleanup (e.g. dropping a bench database), run after the children are stopped. */
export function atCleanup(undo: () => Promise<void>): void {
  cleanups.push(undo);
}

let cleanedUp = false;
export async function cleanup(): Promise<void> {
  if (cleanedUp) return;
  cleanedUp = true;
  await Promise.all([...children].map((child) => stop(child).catch(() => {})));
  for (const undo of cleanups.splice(0)) await undo().catch((error: Error) => console.error(`cleanup: ${error.message}`));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark processes…`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Runs a bench's main: on failure prints why, cleans up and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main()
    .then(cleanup)
    .catch(async (error: unknown) => {
      console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
      await cleanup();
      process.exit(1);
    });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One HTTP request without keep-alive; null when the server did not answer. */
export function request(
  url: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders } | null> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, agent: false, timeout: options.timeoutMs ?? 1000 },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on("error", () => resolve(null));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
    req.end(options.body);
  });
}

/** Polls `url` until it answers 200; returns the time since `t0` and the body. */
export async function waitUntilAnswering(child: Child, url: string, t0: number): Promise<{ ms: number; body: string }> {
  for (;;) {
    if (child.exited) throw new Error(`${child.name} exited before ${url} answered 200. Its output:\n${child.output}`);
    if (performance.now() - t0 > START_TIMEOUT_MS) {
      throw new Error(`${child.name}: ${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s. Its output:\n${child.output}`);
    }
    const res = await request(url);
    if (res?.status === 200) return { ms: performance.now() - t0, body: res.body };
    await sleep(5);
  }
}
