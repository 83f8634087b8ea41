import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { buildApp } from "./app";
import { runClusterPrimary } from "./cluster";
import { ConfigError, loadConfig, loadDotEnv, type Config } from "./config";
import { DatabaseUnavailableError } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { openConfiguredDatabase } from "./db/open";
import { startHousekeeping } from "./platform/housekeeping";
import { startDigestSchedule } from "./features/crm/digest";
import { stopGracefullyOnSignals } from "./platform/graceful-stop";
import { listenLocalChannel } from "./platform/local-channel";
import { startMailWorker } from "./platform/mail/worker";
import type { PagesOptions } from "./platform/pages";
import { projectRoot } from "./platform/project-root";
import { loadSecret } from "./platform/secrets";
import { seedDemoContent } from "./features/demo/seed";
import { openSetup } from "./features/setup/service";
import { answerOperatorRequest } from "./features/staff/cli-commands";
import { listMentors } from "./features/mentors/service";
import { findSimulationBySlug, listPublicSimulationCards } from "./features/simulations/service";
import type { Db } from "./db/client";

const dev = process.argv.includes("--dev");

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

interface Pages {
  pages: PagesOptions;
  clientDir?: string;
  vite?: ViteDevServer;
}

async function loadPages(config: Config, db: Db): Promise<Pages> {
  const context: PagesOptions["context"] = {
    publicBaseUrl: config.publicBaseUrl,
    site: config.site,
    listMentors: () => listMentors(db),
    listSimulationCards: () => listPublicSimulationCards(db),
    findSimulationBySlug: (slug) => findSimulationBySlug(db, slug),
  };
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const getBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    return { pages: { mode: "development", context, getBuild }, vite };
  }
  const serverBuild = path.join(projectRoot, "build/server/index.js");
  if (!existsSync(serverBuild)) fail("The site has not been built yet: run `npm run build` (or `npm start`, which builds first).");
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  return {
    pages: { mode: "production", context, getBuild: async () => build },
    clientDir: path.join(projectRoot, "build/client"),
  };
}

async function start() {
  const startedAt = performance.now();
  let config: Config;
  try {
    loadDotEnv();
    config = loadConfig(dev ? { NODE_ENV: "development", ...process.env } : process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // PostgreSQL with WEB_CONCURRENCY > 1 (default: one per core): this process only looks after the workers.
  if (runClusterPrimary(config, dev)) return;

  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError) fail(error.message);
    throw error;
  }
  const { database, release } = opened;
  const secret = await loadSecret(database.db, config.sessionSecret);
  if (config.seedDemo && (await seedDemoContent(database.db, config.publicBaseUrl))) console.info("Demo content loaded (first start).");

  const { pages, clientDir, vite } = await loadPages(config, database.db);
  const app = await buildApp({ config, database, secret, pages, clientDir, devMiddleware: vite?.middlewares });

  if (database.engine === "pglite") {
    app.log.info(`Embedded database (PGlite) in ${config.dataDir}: for one process only; set DATABASE_URL for PostgreSQL.`);
  }
  // npm run staff while this server holds the embedded database: it asks here, over a private socket.
  // PGlite runs in this one process (never the cluster), so this process alone owns the socket.
  const channel =
    database.engine === "pglite" ? await listenLocalChannel(config.dataDir, answerOperatorRequest(database.db, app.log), app.log) : null;
  const mailWorker = config.smtpUrl
    ? startMailWorker({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, secret, log: app.log, firstRetryMs: config.mailRetrySeconds * 1000 })
    : null;
  if (!mailWorker) {
    const codes = config.env === "development" ? "; candidates' sign-in codes are printed in this log (development only)" : ", so candidates get no sign-in code";
    app.log.warn(`SMTP_URL is not set: e-mail stays in the outbox table, not sent${codes}.`);
  }
  const housekeeping = startHousekeeping(database.db, app.log, database.engine);
  // The CRM's daily digest at 09:00 Asia/Kolkata: every process tries; each owner's is claimed once.
  const digests = startDigestSchedule(database.db, config.publicBaseUrl, app.log);

  // First run: no admin yet, so the way in is a one-time link (features/setup/service.ts), printed once ready.
  const setupLink = await openSetup(database.db, config.publicBaseUrl);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { engine: database.engine, startupMs: Math.round(performance.now() - startedAt) },
    `Site ready at ${config.publicBaseUrl}`,
  );
  if (setupLink === "shared") console.info("\nNo admin account yet: the one-time setup link printed by a start less than a minute ago still works.\n");
  else if (setupLink) console.info(`\nNo admin account yet. Open this one-time link to create the first one: ${setupLink}\n`);

  stopGracefullyOnSignals(app, [housekeeping, digests, mailWorker], async () => {
    await channel?.close();
    await vite?.close();
    await database.close();
    release();
  });
}

start().catch((error) => {
  console.error(error);
  process.exit(1);
});
