// The browser tests on both engines at once (after `npm run build`): one Playwright run per engine,
// each with its own server, browser and result folder. On two cores this takes about half the time of
// one run after the other: a browser test mostly waits (for a page, a toast, an animation).
// Without TEST_DATABASE_URL there is one engine, and this is plain `playwright test`.
//   node scripts/e2e.mjs [playwright arguments…]
import { spawn } from "node:child_process";
import readline from "node:readline";

const engines = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const args = process.argv.slice(2);

function run(engine) {
  const child = spawn("npx", ["playwright", "test", ...args], {
    env: { ...process.env, E2E_ENGINE: engine },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Line by line, so the two runs' lines never cut into each other.
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => (stream === child.stdout ? process.stdout : process.stderr).write(`${line}\n`));
  }
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ engine, code: code ?? (signal ? 1 : 0) })));
}

const results = await Promise.all(engines.map(run));
for (const { engine, code } of results) console.log(`${engine}: ${code === 0 ? "passed" : `failed (exit ${code})`}`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
