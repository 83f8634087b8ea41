// Simulation library benchmark of the built server (`node dist/server/main.js`) on PGlite:
//   npm run build && npm run bench:simulations
// Fills a fresh database with 50 simulations (the 5 demo ones with their images, plus 45 more),
// then measures with autocannon GET /api/simulations and the server-rendered /simulations page,
// each next to a bare Fastify hello-world (scripts/bench/hello.ts) measured in the same run.
// Prints a table of ratios, then one JSON line with every figure. Listens on 127.0.0.1 only.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { seedDemoContent } from "~/server/features/demo/seed";
import { createSimulation, listPublicSimulations } from "~/server/features/simulations/service";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SERVER_ENTRY = path.join(root, "dist/server/main.js");
const HELLO_ENTRY = path.join(root, "scripts/bench/hello.ts");
const SIMULATIONS = 50;
const CONNECTIONS = 10;
const DURATION_S = 8;
const WARMUP_S = 1;

const children = new Set<ChildProcess>();
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function launch(args: string[], env: NodeJS.ProcessEnv, readyPath: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" }, stdio: ["ignore", "ignore", "inherit"] });
  children.add(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${base}${readyPath} did not answer within 60 s`);
    const ok = await fetch(`${base}${readyPath}`).then((r) => r.ok, () => false);
    if (ok) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  children.delete(child);
}

interface Figures {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  kbPerResponse: number;
}

function cannon(url: string, duration: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, timeout: 10 }, (error, result) => {
      if (error) return reject(error);
      resolve({
        reqPerSec: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        kbPerResponse: Math.round(result.throughput.total / Math.max(1, result["2xx"]) / 102.4) / 10,
      });
    });
  });
}

const measure = async (url: string) => {
  await cannon(url, WARMUP_S);
  return cannon(url, DURATION_S);
};

/** A fresh database with the demo content and enough extra simulations to reach 50. */
async function seed(dataDir: string): Promise<void> {
  const { database, release } = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" }));
  try {
    await seedDemoContent(database.db);
    const demo = await listPublicSimulations(database.db);
    for (let i = demo.length; i < SIMULATIONS; i++) {
      const model = demo[i % demo.length]!;
      await createSimulation(database.db, { ...model, title: `${model.title} (${i + 1})`, tags: [...model.tags, `Batch ${i % 7}`] });
    }
  } finally {
    await database.close();
    release();
  }
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error("The server is not built: run `npm run build` first.");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ff-bench-sim-"));
  try {
    await seed(dataDir);
    const hello = await launch(["--import", "tsx", HELLO_ENTRY], {}, "/");
    const baseline = await measure(`${hello.base}/`);
    await stop(hello.child);

    const server = await launch([SERVER_ENTRY], { NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "warn", SEED_DEMO: "false", PUBLIC_BASE_URL: "" }, "/api/health");
    const list = (await (await fetch(`${server.base}/api/simulations`)).json()) as unknown[];
    const page = await (await fetch(`${server.base}/simulations`)).text();
    if (list.length !== SIMULATIONS || !page.includes(`Showing <!-- -->${SIMULATIONS}<!-- --> of <!-- -->${SIMULATIONS}`)) {
      throw new Error(`expected ${SIMULATIONS} simulations in the API (${list.length}) and in the page's first HTML`);
    }
    const api = await measure(`${server.base}/api/simulations`);
    const html = await measure(`${server.base}/simulations`);
    await stop(server.child);

    const ratio = (f: Figures) => ({ reqPerSec: +(f.reqPerSec / baseline.reqPerSec).toFixed(3), p50: +(f.p50Ms / Math.max(baseline.p50Ms, 1)).toFixed(2), p99: +(f.p99Ms / Math.max(baseline.p99Ms, 1)).toFixed(2) });
    console.log(`Simulation library, ${SIMULATIONS} simulations, PGlite; autocannon ${CONNECTIONS} connections × ${DURATION_S} s after ${WARMUP_S} s warm-up; node ${process.version}, ${os.cpus().length} CPUs\n`);
    const rows: [string, Figures][] = [["hello-world (baseline)", baseline], ["GET /api/simulations", api], ["GET /simulations (SSR)", html]];
    console.log("target".padEnd(26) + "req/s".padStart(8) + "× hello".padStart(10) + "p50 ms".padStart(8) + "p99 ms".padStart(8) + "KB/resp".padStart(9) + "non-2xx".padStart(9));
    for (const [label, f] of rows) {
      console.log(label.padEnd(26) + String(f.reqPerSec).padStart(8) + `${ratio(f).reqPerSec}×`.padStart(10) + String(f.p50Ms).padStart(8) + String(f.p99Ms).padStart(8) + String(f.kbPerResponse).padStart(9) + String(f.non2xx + f.errors).padStart(9));
    }
    const problems = rows.filter(([, f]) => f.non2xx || f.errors).map(([label]) => `${label}: non-2xx or errors`);
    console.log(JSON.stringify({ bench: "simulations", simulations: SIMULATIONS, baseline, api: { ...api, vsHelloWorld: ratio(api) }, page: { ...html, vsHelloWorld: ratio(html) }, problems }));
    process.exitCode = problems.length ? 1 : 0;
  } finally {
    await Promise.all([...children].map(stop));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
