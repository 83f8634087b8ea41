// Vitest global setup of the PostgreSQL project: migrate one database per run, the template each test
// file's database is copied from (`create database … template`, tests/helpers/database.ts), instead of
// running every migration again in each of 50-odd files. Dropped at the end of the run.
import type { TestProject } from "vitest/node";
import { openPostgres } from "~/server/db/client";
import { runMigrations } from "~/server/db/migrate";
import { createPostgresDatabase } from "./database";
import { bundleModuleWorkers } from "./module-workers";

declare module "vitest" {
  export interface ProvidedContext {
    /** The name of the migrated template database on TEST_DATABASE_URL's server. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("The api-postgres project needs TEST_DATABASE_URL");
  const removeWorkers = await bundleModuleWorkers(project);
  const template = await createPostgresDatabase(serverUrl, "ff_template");
  const database = await openPostgres(template.url);
  try {
    await runMigrations(database);
  } finally {
    // A database is copied only while no one is connected to it.
    await database.close();
  }
  project.provide("postgresTemplate", template.name);
  return async () => {
    await template.drop();
    removeWorkers();
  };
}
