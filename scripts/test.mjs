// The one test command (README): typecheck, lint, unit and integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), then the production build and the browser tests.
import { spawnSync } from "node:child_process";
import { CHROMIUM, ensureTool, PDFTOTEXT } from "./test-tools.mjs";

/** [name, command, arguments, the program it needs besides Node (found or installed first)] */
const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  // Dockerfile, compose.yaml and the Caddyfile: CI cannot run Docker, so their shape is checked here.
  ["deployment files", "node", ["scripts/check-deploy.mjs"]],
  ["unit and integration tests", "npx", ["vitest", "run"], PDFTOTEXT],
  ["end-to-end tests", "npm", ["run", "test:e2e"], CHROMIUM],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: integration and end-to-end tests run on PGlite only.");
}
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Each stage's time, and the total, at the end: where a slow run spent it. */
function summary() {
  console.log("\nstage                          time");
  for (const [name, ms] of times) console.log(`${name.padEnd(30)} ${seconds(ms).padStart(8)}`);
  console.log(`${"total".padEnd(30)} ${seconds(times.reduce((sum, [, ms]) => sum + ms, 0)).padStart(8)}`);
}
for (const [name, command, args, tool] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const found = tool ? ensureTool(tool) : true;
  if (!found) {
    summary();
    process.exit(1);
  }
  // The browser tests use the Chromium found (playwright.config.ts reads CHROME_PATH).
  const env = tool === CHROMIUM ? { ...process.env, CHROME_PATH: found } : process.env;
  const result = spawnSync(command, args, { stdio: "inherit", env });
  times.push([name, Date.now() - started]);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    summary();
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds(Date.now() - started)})`);
}
summary();
