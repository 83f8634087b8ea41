import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import type { DestinationStream } from "pino";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyMiddie from "@fastify/middie";
import fastifyStatic from "@fastify/static";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config, TrustProxy } from "./config";
import type { Database } from "./db/client";
import "./platform/app-context";
import { registerAccessControl, registerNoStoreForStaff } from "./platform/access";
import { errorBody, registerErrorHandler } from "./platform/errors";
import { registerJsonBodyParser } from "./platform/json-body";
import { StoredImportJobs } from "./platform/stored-import-job";
import { exclusiveRunner } from "./platform/exclusive";
import { openApiRoutes, registerOpenApi } from "./platform/openapi";
import { registerPages, type PagesOptions } from "./platform/pages";
import { openContentVersion } from "./platform/content-version";
import { registerPublicCache, serverWithPublicCache, type PublicCache } from "./platform/public-cache";
import { errorSerializers } from "./platform/log-errors";
import { registerMetrics } from "./platform/metrics/register";
import { registerMultipart } from "./platform/multipart";
import { uploadLimitsFor, type UploadLimits } from "./platform/uploads";
import { registerSameOriginCheck } from "./platform/same-origin";
import { registerTextInputCheck } from "./platform/text-input";
import { registerEarlyAnswer } from "./platform/early-answer";
import { registerBodyTimeout, serverTimeouts, TIME_LIMITS, type TimeLimits } from "./platform/time-limits";
import { authRoutes } from "./features/auth/routes";
import { setupRoutes } from "./features/setup/routes";
import { healthRoutes } from "./features/health/routes";
import { newsletterRoutes } from "./features/newsletter/routes";
import { staffRoutes } from "./features/staff/routes";
import { mentorRoutes } from "./features/mentors/routes";
import { analyticsRoutes } from "./features/analytics/routes";
import { simulationRoutes } from "./features/simulations/routes";
import { imageRoutes } from "./features/images/routes";
import { applicationRoutes } from "./features/applications/routes";
import { brochureRoutes } from "./features/brochure/routes";
import { inboxRoutes } from "./features/inbox/routes";
import { reportIntakeRoutes } from "./features/reports/intake-routes";
import { candidateReportRoutes } from "./features/reports/candidate-routes";
import { reportAdminRoutes } from "./features/reports/admin-routes";
import { dataRightsRoutes } from "./features/reports/data-rights-routes";
import { credentialRoutes } from "./features/reports/credential-routes";
import { leadRoutes } from "./features/crm/routes";
import { leadWorkRoutes } from "./features/crm/work-routes";
import { leadRuleRoutes } from "./features/crm/assignment-routes";
import { leadImportRoutes } from "./features/crm/import-routes";
import { savedViewRoutes } from "./features/crm/saved-view-routes";
import { funnelRoutes } from "./features/crm/funnel-routes";
import { cspReportRoutes } from "./features/csp-reports/routes";
import { readableLogStream, wantsReadableLogs } from "./platform/log-lines";

export interface AppOptions {
  config: Config;
  database: Database;
  secret: string;
  /** Where the browser assets live (production build); omitted in tests and development. */
  clientDir?: string;
  pages?: PagesOptions;
  /** Vite's middleware in development: serves modules and hot updates before any route. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  logger?: boolean;
  /** Shorter time limits for tests; TIME_LIMITS otherwise. */
  timeLimits?: TimeLimits;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: DestinationStream;
  /** Smaller upload caps and their own spool folder for tests; uploadLimitsFor(engine) otherwise. */
  uploadLimits?: UploadLimits;
}


const FEATURES = [
  healthRoutes,
  authRoutes,
  setupRoutes,
  staffRoutes,
  newsletterRoutes,
  mentorRoutes,
  analyticsRoutes,
  simulationRoutes,
  imageRoutes,
  applicationRoutes,
  brochureRoutes,
  inboxRoutes,
  reportIntakeRoutes,
  candidateReportRoutes,
  reportAdminRoutes,
  dataRightsRoutes,
  credentialRoutes,
  leadRoutes,
  leadWorkRoutes,
  leadRuleRoutes,
  leadImportRoutes,
  savedViewRoutes,
  funnelRoutes,
  cspReportRoutes,
  openApiRoutes,
];

/** Fastify takes a hop count as a function of the hop's position (0 is the nearest). */
const trustProxyOption = (trust: TrustProxy) => (typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const served: { cache?: PublicCache } = {};
  const app = Fastify({
    // Hits of the anonymous page cache are answered before Fastify (platform/public-cache.ts).
    serverFactory: serverWithPublicCache(() => served.cache),
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.password", "*.token", "*.code"],
            serializers: errorSerializers,
            stream: options.logStream ?? (wantsReadableLogs(config.logFormat) ? readableLogStream() : undefined),
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(options.timeLimits ?? TIME_LIMITS),
    // Closing (SIGTERM, platform/graceful-stop.ts): a request that arrives on a connection this node
    // still holds is answered, not refused with Fastify's 503 — the node accepted it, and a proxy
    // sends on only what a node never took. Each such answer closes its connection (Fastify).
    return503OnClosing: false,
    // A path with a broken %-escape: our error shape, not Fastify's.
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === "FST_ERR_BAD_URL" ? "The address is not a valid URL (a malformed %-escape)" : "The request could not be routed";
      void (reply as FastifyReply).status(400).send(errorBody("invalid", message));
    },
  });
  // Only JSON and multipart bodies are read: text/plain is refused with 415 like any other type.
  app.removeContentTypeParser("text/plain");
  registerJsonBodyParser(app);
  app.decorate("db", database.db);
  app.decorate("engine", database.engine);
  app.decorate("config", config);
  app.decorate("secret", options.secret);
  app.decorate("ping", database.ping);
  app.decorate("exclusive", exclusiveRunner(database));
  app.decorate("draining", false);
  // Staff CSV imports: received as they arrive, written as jobs; stopped between rows at close.
  const csvImports = new StoredImportJobs(database.db, app.exclusive, app.log);
  app.decorate("csvImports", csvImports);
  // Once every route (and so every kind of import) is registered: resume what a stopped server left.
  app.addHook("onReady", async () => csvImports.startResuming());
  app.addHook("onClose", () => csvImports.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerBodyTimeout(app);
  // An answer sent before the whole body arrived: drain the rest or close gracefully, never a reset.
  registerEarlyAnswer(app);

  await app.register(fastifyHelmet, {
    // Pages send their own policy, with a nonce per response (platform/csp.ts); JSON needs none.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  if (options.devMiddleware) {
    await app.register(fastifyMiddie);
    app.use(options.devMiddleware);
  }
  await app.register(fastifyCookie);
  // Multipart uploads are read by platform/multipart.ts only; routes check each file's type by content.
  await registerMultipart(app, options.uploadLimits ?? uploadLimitsFor(database.engine));
  await registerOpenApi(app);
  registerSameOriginCheck(app, config.publicBaseUrl);
  registerAccessControl(app, options.secret);
  registerPublicCache(app, await openContentVersion(database));
  served.cache = app.publicCache;
  registerMetrics(app, database);
  registerTextInputCheck(app);
  registerNoStoreForStaff(app);

  for (const feature of FEATURES) await app.register(feature);

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split("?")[0];
    reply.status(404).send(errorBody("not_found", `No route ${request.method} ${pathOnly}`));
  });

  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: false,
      // scripts/compress-assets.mjs writes .br/.gz beside each asset at build time.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }
  if (options.pages) registerPages(app, options.pages);
  return app;
}
