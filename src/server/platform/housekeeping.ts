import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
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
 * codes 30 days past their expiry (README "Your data").
 */
export function startHousekeeping(db: Db, log: FastifyBaseLogger): { stop(): void } {
  const run = () =>
    Promise.all([pruneSessions(db), pruneCandidateSessions(db), pruneCandidateSignIn(db), pruneRateLimits(db), wipeExpiredMailSecrets(db), pruneCspViolations(db), pruneOldCodes(db)]).catch((error) => log.warn({ err: error }, "housekeeping failed"));
  const timer = setInterval(run, 10 * 60 * 1000);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer) };
}
