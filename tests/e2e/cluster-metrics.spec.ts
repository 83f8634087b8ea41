import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../helpers/free-port";
import { runAsAdmin } from "../helpers/postgres-admin";
import { parsePrometheus, samplesOf, valueOf } from "../helpers/prometheus";

// The built server on PostgreSQL with WEB_CONCURRENCY=2: whichever worker a scrape lands on, it shows
// both workers' figures (src/server/platform/metrics/cluster.ts). Runs in the postgres project only.
const root = path.resolve(import.meta.dirname, "../..");
let child: ChildProcess | null = null;
let dataDir = "";
const adminUrl = process.env.TEST_DATABASE_URL!;
const databaseName = `ff_e2e_cluster_metrics_${process.pid}`;

const admin = (statement: string) => runAsAdmin(adminUrl, statement);

/** A GET on a connection of its own, so the cluster hands each request to the next worker in turn. */
function getFresh(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

test.beforeAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${databaseName}`);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "ff-e2e-cluster-metrics-"));
});

test.afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await gone;
  }
  rmSync(dataDir, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

test("one scrape shows every worker, whichever worker takes it", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_BASE_URL: `http://localhost:${port}`, DATABASE_URL: url.toString(), DATA_DIR: dataDir, WEB_CONCURRENCY: "2", LOG_LEVEL: "info", SMTP_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await expect.poll(() => output.split("Site ready at").length - 1, { timeout: 90_000, message: output }).toBe(2);

  for (let i = 0; i < 20; i++) expect((await getFresh(port, "/api/health")).status).toBe(200);
  // The home page eight times, alternating workers: each renders it once, answers it once through the
  // app from its cache, then straight from the cache before Fastify (public-cache.ts serveHit).
  for (let i = 0; i < 8; i++) expect((await getFresh(port, "/")).status).toBe(200);

  const workersSeen = new Set<string>();
  for (let i = 0; i < 4; i++) {
    const scrape = await getFresh(port, "/metrics");
    expect(scrape.status, scrape.body).toBe(200);
    const samples = parsePrometheus(scrape.body);
    expect(valueOf(samples, "ff_cluster_workers", { state: "answered" })).toBe(2);
    expect(valueOf(samples, "ff_cluster_workers", { state: "missing" })).toBe(0);
    const memory = samplesOf(samples, "process_resident_memory_bytes");
    expect(new Set(memory.map((s) => s.labels.worker)).size).toBe(2);
    // Each worker took some of the twenty requests; together they count all of them, in every scrape.
    const health = samplesOf(samples, "ff_http_requests_total", { route: "/api/health", status: "200" });
    expect(health).toHaveLength(2);
    for (const series of health) expect(series.value).toBeGreaterThan(0);
    expect(health.reduce((sum, s) => sum + s.value, 0)).toBe(20);
    const pageHits = samplesOf(samples, "ff_page_cache_lookups_total", { kind: "page", result: "hit" }).reduce((sum, s) => sum + s.value, 0);
    expect(pageHits).toBeGreaterThanOrEqual(4);
    const early = samplesOf(samples, "ff_http_requests_total", { route: "(page cache)", status: "200" }).reduce((sum, s) => sum + s.value, 0);
    expect(early).toBeGreaterThanOrEqual(2);
    // The database's figures once, not once per worker.
    expect(samplesOf(samples, "ff_outbox_messages", { state: "queued" })).toHaveLength(1);
    expect(valueOf(samples, "ff_database_up")).toBe(1);
    for (const s of samplesOf(samples, "ff_http_requests_total", { route: "/metrics" })) workersSeen.add(s.labels.worker!);
  }
  // Scrapes landed on both workers (each counts the ones it answered).
  expect(workersSeen.size).toBe(2);
});
