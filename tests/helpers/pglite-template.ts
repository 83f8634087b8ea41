// Vitest global setup of the PGlite project: migrate one database per run into a data folder, which
// each test file copies (~70 ms) and opens, instead of running initdb and every migration (about 2.5 s)
// each time; and bundle the server's workers (module-workers.ts). The folder is kept in memory
// (/dev/shm) where the system has it: PGlite reads and writes it through the file system. Opening a
// copied folder took ~2 s less CPU than unpacking the same folder from a tar image into PGlite's
// in-memory file system (~1.5 s) and starting its worker through tsx (~0.8 s).
import { rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openPglite } from "~/server/db/client";
import { runMigrations } from "~/server/db/migrate";
import { memoryTempDir } from "./database";
import { bundleModuleWorkers } from "./module-workers";
import { makeScratchDir, sweepAbandoned } from "./scratch-dirs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template's data folder (tests/helpers/database.ts copies it for each test file). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const removeWorkers = await bundleModuleWorkers(project);
  // What killed runs left in memory: their templates and their test files' copies.
  for (const prefix of ["ff-pglite-template", "ff-test"]) sweepAbandoned(memoryTempDir(), prefix);
  const dir = makeScratchDir(memoryTempDir(), "ff-pglite-template");
  const dataDir = path.join(dir, "pglite");
  // Migrated in memory, then written out as a folder: a new folder's initdb runs in a child process
  // found through import.meta.resolve, which Vitest's global setup cannot call.
  const database = await openPglite(null);
  await runMigrations(database);
  const image = await database.pglite!.dumpDataDir();
  await database.close();
  const written = await PGlite.create({ dataDir, loadDataDir: new Blob([image as Uint8Array<ArrayBuffer>]) });
  await written.close();
  project.provide("pgliteTemplate", dataDir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    removeWorkers();
  };
}
