import type { FastifyBaseLogger } from "fastify";
import type { Db, Engine } from "../db/client";
import { keepTablesHealthy } from "../db/upkeep";
import { pruneRateLimits } from "./rate-limit";
import { pruneSessions } from "./sessions";
import { pruneCandidateSessions } from "./candidate-sessions";
import { wipeExpiredMailSecrets } from "./mail/outbox";
import { pruneCspViolations } from "./csp-reports";
import { pruneCandidateSignIn } from "../features/reports/candidate-auth";
import { pruneOldCodes } from "../features/reports/data-rights";

/**
 * Every 10 minutes, drops ended sessions, old rate-limit windows and candidates' client addresses
 * unused for 180 days so those tables stay small, and
 * wipes the outbox's expired one-time codes (sealed; messages no worker sent in time); drops
 * Content-Security-Policy violation reports older than 30 days, and candidates' sign-in and erasure
 * codes 30 days past their expiry (README "Your data"). Then, on the embedded database, which has no
 * autovacuum, analyses and vacuums the tables that need it as autovacuum would (db/upkeep.ts).
 */
export function startHousekeeping(db: Db, log: FastifyBaseLogger, engine: Engine): { stop(): void } {
  const run = async () => {
    try {
      await Promise.all([pruneSessions(db), pruneCandidateSessions(db), pruneCandidateSignIn(db), pruneRateLimits(db), wipeExpiredMailSecrets(db), pruneCspViolations(db), pruneOldCodes(db)]);
      if (engine === "pglite") await keepTablesHealthy(db);
    } catch (error) {
      log.warn({ err: error }, "housekeeping failed");
    }
  };
  const timer = setInterval(run, 10 * 60 * 1000);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer) };
}
