// HTTP load with wrk (C, event loop; Debian package `wrk`): a load generator that is not itself the
// bottleneck at thousands of requests per second, scripted in Lua to post varied bodies. Its done()
// hook prints one JSON line, parsed here into the same figures as autocannon's (lib/load.ts).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadFigures } from "./load";
import { removeAtCleanup } from "./processes";
import { round } from "./report";

/** The wrk binary, or a clear message and exit when it is missing (it is a system package, not an npm one). */
export function requireWrk(): string {
  const found = spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" }).stdout.trim();
  if (!found) {
    console.error("wrk is not installed: this benchmark measures with wrk. On Debian/Ubuntu: `apt-get install -y wrk` (then run it again).");
    process.exit(1);
  }
  return found;
}

/** Appended to every script: the figures as one line wrk prints at the end (latencies in µs). */
const DONE_HOOK = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"p50":%d,"p95":%d,"p99":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
`;

export interface WrkOptions {
  url: string;
  durationS: number;
  connections?: number;
  threads?: number;
  /** Lua defining request() (and setup/init when needed); the done() hook is added. */
  script?: string;
}

export async function wrk(options: WrkOptions): Promise<LoadFigures> {
  const binary = requireWrk();
  const dir = removeAtCleanup(mkdtempSync(path.join(os.tmpdir(), "ff-bench-wrk-")));
  const scriptFile = path.join(dir, "script.lua");
  writeFileSync(scriptFile, `${options.script ?? ""}\n${DONE_HOOK}`);
  const connections = options.connections ?? 16;
  const threads = Math.min(options.threads ?? 2, connections);
  const args = [`-t${threads}`, `-c${connections}`, `-d${options.durationS}s`, "--timeout", "10s", "-s", scriptFile, options.url];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
  });
  const line = output.split("\n").find((l) => l.startsWith("WRK_JSON "));
  if (!line) throw new Error(`wrk printed no figures: ${output}`);
  const f = JSON.parse(line.slice("WRK_JSON ".length)) as Record<string, number>;
  const durationS = f.durationUs! / 1e6;
  return {
    reqPerSec: round(f.requests! / durationS),
    p50Ms: round(f.p50! / 1000, 3),
    p95Ms: round(f.p95! / 1000, 3),
    p99Ms: round(f.p99! / 1000, 3),
    bytesPerResponse: Math.round(f.bytes! / Math.max(1, f.requests!)),
    responses: f.requests!,
    ok2xx: f.requests! - f.status!,
    non2xx: f.status!,
    errors: f.connect! + f.read! + f.write!,
    timeouts: f.timeout!,
    durationS: round(durationS, 2),
  };
}

/** A Lua long-string literal that cannot be closed by the text inside it. */
export function luaString(text: string): string {
  let level = 1;
  while (text.includes(`]${"=".repeat(level)}]`)) level++;
  const eq = "=".repeat(level);
  return `[${eq}[${text}]${eq}]`;
}
