import type { Config } from "../config";
import type { Db, Engine } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    engine: Engine;
    config: Config;
    /** Key for session ids and unsubscribe tokens (see secrets.ts). */
    secret: string;
    ping(): Promise<void>;
  }
}
