// The server's worker threads bundled once per test run, as `npm run build` bundles them
// (scripts/server-bundle.mjs), for the integration tests to start instead of the TypeScript sources
// through tsx: a database worker starts for each test file, and tsx's loader cost each ~0.8 s of CPU
// (0.1 s bundled). Called by each integration project's global setup; the folder is removed after.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { makeScratchDir, sweepAbandoned } from "./scratch-dirs";
// @ts-expect-error: a plain ES module of the build's, without types.
import { bundleServer, WORKER_ENTRIES } from "../../scripts/server-bundle.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the bundled workers: MODULE_WORKERS_DIR for the test files (platform/module-worker.ts). */
    moduleWorkersDir: string;
  }
}

export async function bundleModuleWorkers(project: TestProject): Promise<() => void> {
  // Inside the project, so the bundles' npm imports resolve from its node_modules, as dist/server's do.
  const parent = path.resolve(import.meta.dirname, "../../node_modules/.cache/ff-test-workers");
  mkdirSync(parent, { recursive: true });
  sweepAbandoned(parent, project.name);
  const dir = makeScratchDir(parent, project.name);
  await bundleServer(WORKER_ENTRIES, dir);
  project.provide("moduleWorkersDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
