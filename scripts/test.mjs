// The one test command (README): typecheck, lint, unit and integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), then the production build and the browser tests.
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["end-to-end tests", "npm", ["run", "test:e2e"]],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: integration and end-to-end tests run on PGlite only.");
}
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
