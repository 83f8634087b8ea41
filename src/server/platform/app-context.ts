import type { Config } from "../config";
import type { Db, Engine } from "../db/client";
import type { StoredImportJobs } from "./stored-import-job";
import type { RunExclusive } from "./exclusive";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    engine: Engine;
    config: Config;
    /** Key for session ids and unsubscribe tokens (see secrets.ts). */
    secret: string;
    ping(): Promise<void>;
    /** One-at-a-time work across every process (exclusive.ts). */
    exclusive: RunExclusive;
    /** Set when the process begins to shut down: readiness answers 503 from then on (features/health). */
    draining: boolean;
    /** The staff CSV imports: one pipeline, written as background jobs (csv-import-job.ts), a stored file's resumed after a restart (stored-import-job.ts). */
    csvImports: StoredImportJobs;
  }
}
