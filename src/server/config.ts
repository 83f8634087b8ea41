import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isHttpsUrl, isHttpUrl } from "~/shared/schemas/links";

/** Every environment variable the server reads; documented in README and .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Founder's Find <no-reply@localhost>"),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  SEED_DEMO: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  BOOKING_URL: z.string().refine(isHttpsUrl, "must be an https URL (a Cal.com or Calendly booking page)").optional(),
  TRY_SIMULATION_URL: z
    .string()
    // A path of our own site, but not "//host" or "/\host", which browsers open as another site.
    .refine((value) => isHttpUrl(value) || /^\/(?![/\\])/.test(value), "must be an http(s) URL or a path starting with /")
    .default("/simulations"),
  WEB_CONCURRENCY: z.coerce.number({ error: "must be a whole number from 1 to 64" }).int("must be a whole number from 1 to 64").min(1).max(64).optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, "must look like G-XXXXXXXXXX")
    .optional(),
});

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  sessionSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicBaseUrl: string;
  logLevel: string;
  trustProxy: boolean;
  seedDemo: boolean;
  /** Worker processes on PostgreSQL (WEB_CONCURRENCY); null: one per core. PGlite always runs one. */
  webConcurrency: number | null;
  /** Browser-visible settings of the public site (whitelisted: nothing secret goes here). */
  site: { bookingUrl: string | null; trySimulationUrl: string; gaMeasurementId: string | null };
}

export class ConfigError extends Error {}

/** Reads ./.env into process.env when it exists; variables already set win. */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Blank variables count as unset, so `FOO=` in a .env file means "use the default". */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]?.trim()));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    sessionSecret: e.SESSION_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "true",
    seedDemo: e.SEED_DEMO === "true",
    webConcurrency: e.WEB_CONCURRENCY ?? null,
    site: { bookingUrl: e.BOOKING_URL ?? null, trySimulationUrl: e.TRY_SIMULATION_URL, gaMeasurementId: e.GA_MEASUREMENT_ID ?? null },
  };
}
