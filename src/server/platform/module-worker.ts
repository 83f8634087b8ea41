import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker thread running the module `name` that sits beside the caller (`here` = its import.meta.url):
 * in the bundled server, `name.js` beside dist/server/main.js (scripts/build-server.mjs bundles each
 * worker as an entry of its own); from the sources (development, scripts run with tsx), the
 * TypeScript file loaded through tsx; and with MODULE_WORKERS_DIR set, `name.js` in that folder,
 * bundled from the sources as the build does. The integration tests set it (tests/helpers/module-workers.ts):
 * they start a database worker for each test file, and tsx's loader cost each one ~0.8 s of CPU.
 */
export function startModuleWorker(name: string, here: string, options: WorkerOptions): Worker {
  if (!/\.[cm]?ts$/.test(new URL(here).pathname)) return new Worker(new URL(`./${name}.js`, here), options);
  const bundled = process.env.MODULE_WORKERS_DIR;
  if (bundled) return new Worker(path.join(bundled, `${name}.js`), options);
  // tsx's ES module API (its CommonJS twin cannot register its loader from an eval'd worker).
  const tsx = pathToFileURL(createRequire(here).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const source = new URL(`./${name}.ts`, here).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)}));`;
  return new Worker(boot, { ...options, eval: true });
}
