// Page budget of the public site, measured with Lighthouse (mobile profile, Debian's Chromium):
//   npm run build && npm run bench:pages
// Starts the built server on a fresh PGlite data directory, runs Lighthouse RUNS times on each page and
// on a bare HTML page served by node:http in the same run (the machine's baseline), and prints the
// median category scores next to the budget, then the JavaScript the home page ships
// (gzip, as served) as a ratio to its 120 KB budget. Ends with one JSON line holding every figure.
// Lighthouse runs through `npx` (it is not a dependency: it declares a dependency as "latest").
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = ["/", "/founders-find", "/about", "/simulations"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const BUDGET = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
const JS_BUDGET_KB = 120;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

async function lighthouse(url: string): Promise<{ scores: Record<string, number>; failing: string[]; metrics: string }> {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  await run(
    "npx",
    ["-y", "lighthouse", url, "--quiet", "--output=json", `--output-path=${out}`, `--only-categories=${CATEGORIES.join(",")}`, '--chrome-flags=--headless --no-sandbox'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, { score: number | null; displayValue?: string }>;
  };
  rmSync(out, { force: true });
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(report.categories[c]!.score * 100)]));
  const failing = CATEGORIES.filter((c) => c !== "performance").flatMap((c) =>
    report.categories[c]!.auditRefs.filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && report.audits[ref.id]!.score! < 1).map((ref) => `${c}:${ref.id}`),
  );
  // Each run's metrics, abbreviated (fcp=1.3 s …): they tell which one pulled a low score down.
  const metrics = METRICS.map((id) => `${id.split("-").map((word) => word[0]).join("")}=${report.audits[id]?.displayValue ?? "?"}`).join(" ");
  return { scores, failing, metrics };
}

/** Lighthouse itself sometimes fails to record a trace (NO_NAVSTART) on a busy machine: try again. */
async function lighthouseRun(url: string, attempts = 3): Promise<Awaited<ReturnType<typeof lighthouse>>> {
  try {
    return await lighthouse(url);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.warn(`Lighthouse failed on ${url}; running it again.`);
    return lighthouseRun(url, attempts - 1);
  }
}

async function measure(url: string) {
  const runs: Awaited<ReturnType<typeof lighthouse>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(url));
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]!))]));
  return {
    scores,
    failing: [...new Set(runs.flatMap((r) => r.failing))],
    runs: runs.map((r) => `${r.scores.performance} (${r.metrics})`),
  };
}

/**
 * Scripts of a page's first HTML, fetched as a browser would (gzip accepted), summed: every module the
 * page names (its bootstrap preloads them after the first paint, server/platform/paint-first.ts), not
 * React Router's route manifest file, which a first visit does not load.
 */
async function javascriptGzipKb(base: string, pagePath: string): Promise<number> {
  const html = await (await fetch(base + pagePath)).text();
  const urls = [...new Set([...html.matchAll(/"(\/assets\/(?!manifest-)[^"]+\.js)"/g)].map((m) => m[1]!))];
  let bytes = 0;
  for (const url of urls) {
    const response = await fetch(base + url, { headers: { "accept-encoding": "gzip" }, decompress: false } as RequestInit);
    bytes += Number(response.headers.get("content-length") ?? (await response.arrayBuffer()).byteLength);
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

/** Web fonts of a page's first HTML (its preloads and the inline @font-face rules), as sent (woff2 is not compressed again). */
async function fontKb(base: string, pagePath: string): Promise<number> {
  const html = await (await fetch(base + pagePath)).text();
  const urls = [...new Set([...html.matchAll(/(\/assets\/[^")\s]+\.woff2)/g)].map((m) => m[1]!))];
  let bytes = 0;
  for (const url of urls) bytes += (await (await fetch(base + url)).arrayBuffer()).byteLength;
  return Math.round((bytes / 1024) * 10) / 10;
}

/** The page's HTML as a browser gets it (gzip), inline styles and data included. */
function htmlGzipKb(base: string, pagePath: string): Promise<number> {
  // node:http, not fetch: fetch would decompress the body before it could be counted.
  return new Promise((resolve, reject) => {
    const req = http.request(base + pagePath, { headers: { "accept-encoding": "gzip" }, agent: false }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(Math.round((bytes / 1024) * 10) / 10));
    });
    req.on("error", reject);
    req.end();
  });
}

const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title><meta name="description" content="A bare page: the baseline of this machine."><link rel="icon" href="data:,"></head><body><main><h1>Baseline</h1><p>A bare HTML page.</p></main></body></html>`;

/** A cold start creates the embedded database: minutes on a busy shared machine (BENCH_START_TIMEOUT_S, as the other benches). */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_S ?? 180) * 1000;

async function waitForHealth(base: string) {
  const started = performance.now();
  while (performance.now() - started < START_TIMEOUT_MS) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not start within ${START_TIMEOUT_MS / 1000} s`);
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ff-bench-pages-"));
  const base = `http://localhost:${PORT}`;
  const server = spawn("node", [path.join(root, "dist/server/main.js")], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_BASE_URL: base, LOG_LEVEL: "warn", SMTP_URL: "" },
    stdio: "ignore",
  });
  const bare = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(BARE_PAGE));
  await new Promise<void>((resolve) => bare.listen(PORT + 1, "127.0.0.1", resolve));
  try {
    await waitForHealth(base);
    const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
    const baseline = await measure(`http://127.0.0.1:${PORT + 1}/`);
    const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const page of PAGES) results[page] = await measure(base + page);
    const jsKb = await javascriptGzipKb(base, "/");
    const weight = { htmlGzipKb: await htmlGzipKb(base, "/"), jsGzipKb: jsKb, fontKb: await fontKb(base, "/") };

    const loadAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
    console.log(`Lighthouse ${RUNS} runs each, median; mobile profile; load average ${loadAtStart.join(" ")} at start, ${loadAtEnd.join(" ")} at the end. Baseline (bare page): ${JSON.stringify(baseline.scores)}`);
    console.log(["page".padEnd(16), ...CATEGORIES.map((c) => c.padEnd(16)), "perf / baseline"].join(""));
    for (const page of PAGES) {
      const s = results[page]!.scores;
      const cells = CATEGORIES.map((c) => `${s[c]} (≥${BUDGET[c]}) ${s[c]! >= BUDGET[c] ? "ok" : "MISS"}`.padEnd(16));
      console.log([page.padEnd(16), ...cells, (s.performance! / baseline.scores.performance!).toFixed(2)].join(""));
      for (const run of results[page]!.runs) console.log(`  performance ${run}`);
      if (results[page]!.failing.length) console.log(`  failing audits: ${results[page]!.failing.join(", ")}`);
    }
    console.log(`JavaScript shipped to / (gzip): ${jsKb} KB = ${(jsKb / JS_BUDGET_KB).toFixed(2)} × the ${JS_BUDGET_KB} KB budget`);
    const total = Math.round((weight.htmlGzipKb + weight.jsGzipKb + weight.fontKb) * 10) / 10;
    console.log(`Page weight of / (first load, before images): HTML ${weight.htmlGzipKb} KB + JavaScript ${weight.jsGzipKb} KB + font ${weight.fontKb} KB = ${total} KB`);
    console.log(JSON.stringify({ runs: RUNS, loadAverage: { start: loadAtStart, end: loadAtEnd }, baseline: baseline.scores, pages: results, homeJsGzipKb: jsKb, jsBudgetKb: JS_BUDGET_KB, homeWeightKb: { ...weight, total } }));
  } finally {
    server.kill("SIGTERM");
    bare.close();
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
