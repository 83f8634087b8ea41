import { existsSync } from "node:fs";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";

// End-to-end tests against the production build (`npm run test:e2e` builds first), in Debian's Chromium.
// One server on PGlite always; a second on PostgreSQL when TEST_DATABASE_URL is set (each on a fresh database).
// E2E_PORT lets several checkouts run their browser tests side by side. E2E_ENGINE=pglite or postgres
// starts that engine's server and project only (scripts/e2e.mjs runs the two at once, one per core).
const PGLITE_PORT = Number(process.env.E2E_PORT ?? 3210);
const POSTGRES_PORT = PGLITE_PORT + 1;
const only = process.env.E2E_ENGINE;
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const withPglite = only !== "postgres";
const withPostgres = !!process.env.TEST_DATABASE_URL && only !== "pglite";

type WebServer = Exclude<NonNullable<PlaywrightTestConfig["webServer"]>, unknown[]>;

const server = (engine: "pglite" | "postgres", port: number): WebServer => ({
  name: engine,
  command: `npx tsx tests/e2e/start-server.ts ${engine} ${port}`,
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: false,
  // A first start hashes the staff passwords and draws the demo portraits and artwork: on a 2-core
  // machine shared with other builds that has taken over a minute.
  timeout: 180_000,
  stdout: "ignore",
  stderr: "pipe",
  // SIGTERM lets the server close its database (and PGlite's lock file) instead of being killed.
  gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
});

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: only ? `test-results/e2e-${only}` : "test-results/e2e",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // One worker: on a 2-core machine the servers (one per engine) and one browser already fill the CPU.
  workers: 1,
  retries: 0,
  reporter: "list",
  // 60 s: in CI (two cores, both engines' servers and browsers at once) the longest flows took 30–40 s
  // where they take 15 s alone; 30 s failed them while nothing was wrong.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: "chromium",
    launchOptions: {
      // Debian's headless shell (or its full Chromium) by default; `npm test` sets CHROME_PATH to the
      // one it found or installed (scripts/test-tools.mjs says why the shell comes first).
      executablePath: process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    // No trace: recording one (DOM snapshots at every action, kept only on failure) took a quarter of
    // the browser tests' CPU on two cores. Run a failing test again with `--trace on` to get its trace.
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: [...(withPglite ? [server("pglite", PGLITE_PORT)] : []), ...(withPostgres ? [server("postgres", POSTGRES_PORT)] : [])],
  projects: [
    // The workers and cluster metrics tests need PostgreSQL (PGlite is one process): postgres project only.
    ...(withPglite ? [{ name: "pglite", use: { baseURL: `http://localhost:${PGLITE_PORT}` }, testIgnore: /(workers|cluster-metrics)\.spec\.ts$/ }] : []),
    ...(withPostgres
      ? [
          {
            name: "postgres",
            use: { baseURL: `http://localhost:${POSTGRES_PORT}` },
            // The process lifecycle test is about PGlite's data directory; it runs once, in the pglite project.
            testIgnore: /lifecycle\.spec\.ts$/,
          },
        ]
      : []),
  ],
});
