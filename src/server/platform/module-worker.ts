import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker thread running the module `name` that sits beside the caller (`here` = its import.meta.url):
 * in the bundled server, `name.js` beside dist/server/main.js (scripts/build-server.mjs bundles each
 * worker as an entry of its own); from the sources (development, tests, scripts run with tsx), the
 * TypeScript file loaded through tsx.
 */
export function startModuleWorker(name: string, here: string, options: WorkerOptions): Worker {
  if (!/\.[cm]?ts$/.test(new URL(here).pathname)) return new Worker(new URL(`./${name}.js`, here), options);
  // tsx's ES module API (its CommonJS twin cannot register its loader from an eval'd worker).
  const tsx = pathToFileURL(createRequire(here).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const source = new URL(`./${name}.ts`, here).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)}));`;
  return new Worker(boot, { ...options, eval: true });
}
