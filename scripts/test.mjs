// The one test command (README): typecheck, lint, the deployment files' check and the production
// build side by side, then unit and integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set), then the browser tests against that build.
import { spawn } from "node:child_process";
import { CHROMIUM, ensureTool, PDFTOTEXT } from "./test-tools.mjs";

/**
 * Stages run one after another; a stage's steps run at once (typecheck and lint side by side took
 * 42 s on two cores, against 58 s one after the other). A step: [name, command, arguments, the program
 * it needs besides Node (found or installed first)].
 */
const stages = [
  [
    ["typecheck", "npm", ["run", "typecheck"]],
    ["lint", "npm", ["run", "lint"]],
    // Dockerfile, compose.yaml and the Caddyfile: CI cannot run Docker, so their shape is checked here.
    ["deployment files", "node", ["scripts/check-deploy.mjs"]],
    // Built here, not before the browser tests (`npm run test:e2e` builds first): typecheck and lint
    // leave about a quarter of two cores idle (sampled every 5 s on 2026-11-28), which the build fills.
    ["production build", "npm", ["run", "build"]],
  ],
  [["unit and integration tests", "npx", ["vitest", "run"], PDFTOTEXT]],
  [["end-to-end tests", "node", ["scripts/e2e.mjs"], CHROMIUM]],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: integration and end-to-end tests run on PGlite only.");
}
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Each step's time, and the whole run's, at the end: where a slow run spent it. */
function summary(startedAll) {
  console.log("\nstep                           time");
  for (const [name, ms] of times) console.log(`${name.padEnd(30)} ${seconds(ms).padStart(8)}`);
  console.log(`${"total (wall clock)".padEnd(30)} ${seconds(Date.now() - startedAll).padStart(8)}`);
}

/**
 * Runs one step. Alone in its stage, its output streams as it comes; beside others, it is held and
 * printed whole when the step ends, so two steps' lines never interleave.
 */
function run([name, command, args, tool], alone) {
  const started = Date.now();
  const found = tool ? ensureTool(tool) : true;
  if (!found) return Promise.resolve({ name, ok: false, output: "", ms: 0 });
  // The browser tests use the Chromium found (playwright.config.ts reads CHROME_PATH).
  const env = tool === CHROMIUM ? { ...process.env, CHROME_PATH: found } : process.env;
  if (alone) console.log(`\n▶ ${name}`);
  const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"], env });
  const chunks = [];
  if (!alone) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const ms = Date.now() - started;
      times.push([name, ms]);
      resolve({ name, ok: code === 0, output: Buffer.concat(chunks).toString(), ms });
    });
  });
}

const startedAll = Date.now();
for (const stage of stages) {
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  for (const { name, ok, output, ms } of results) {
    if (stage.length > 1) process.stdout.write(`\n▶ ${name}\n${output}`);
    console.log(ok ? `✓ ${name} (${seconds(ms)})` : `\n✗ ${name} failed`);
  }
  if (results.some((result) => !result.ok)) {
    summary(startedAll);
    process.exit(1);
  }
}
summary(startedAll);
