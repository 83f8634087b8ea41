import { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isHttpsUrl, isHttpUrl } from "~/shared/schemas/links";

export type TrustProxy = false | number | string[];

/** Names proxy-addr knows for the private ranges, beside literal addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY says which hops in front of the server may set X-Forwarded-For, so the client address
 * behind every per-address limit cannot be chosen by the client: `false` (none, the default); a
 * number of hops (1 for one load balancer); or a comma-separated list of proxy addresses and CIDR
 * ranges (also loopback, linklocal, uniquelocal). A bare `true` would trust every hop, so the
 * left-most address a client writes itself would count: it is refused.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.trim();
  if (text === "false" || text === "0") return false;
  if (text === "true") {
    ctx.addIssue({ code: "custom", message: "true would trust every hop (a client could pick its own address): give the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)" });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) ctx.addIssue({ code: "custom", message: "at most 10 proxy hops" });
    return hops;
  }
  const entries = text.split(",").map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || wrong.length > 0) {
    ctx.addIssue({ code: "custom", message: `must be false, a hop count, or proxy addresses/CIDRs separated by commas (not understood: ${wrong.join(", ") || text})` });
    return z.NEVER;
  }
  return entries;
}

/**
 * METRICS_ALLOW: the client addresses that may read GET /metrics without the token, in TRUST_PROXY's
 * list syntax (addresses, CIDR ranges, loopback, linklocal, uniquelocal), or `none` (token only).
 * The address is the one TRUST_PROXY resolves, so a client cannot write itself into the list.
 */
function parseMetricsAllow(value: string, ctx: z.RefinementCtx): string[] {
  const text = value.trim();
  if (text === "none") return [];
  const entries = text.split(",").map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || wrong.length > 0) {
    ctx.addIssue({ code: "custom", message: `must be none, or addresses/CIDRs separated by commas (e.g. loopback,10.0.0.0/8; not understood: ${wrong.join(", ") || text})` });
    return z.NEVER;
  }
  return entries;
}

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
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "text"], { error: "must be json or text" }).optional(),
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
  SEED_DEMO: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  BOOKING_URL: z.string().refine(isHttpsUrl, "must be an https URL (a Cal.com or Calendly booking page)").optional(),
  TRY_SIMULATION_URL: z
    .string()
    // A path of our own site, but not "//host" or "/\host", which browsers open as another site.
    .refine((value) => isHttpUrl(value) || /^\/(?![/\\])/.test(value), "must be an http(s) URL or a path starting with /")
    .default("/simulations"),
  REPORT_WEBHOOK_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  WEB_CONCURRENCY: z.coerce.number({ error: "must be a whole number from 1 to 64" }).int("must be a whole number from 1 to 64").min(1).max(64).optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, "must look like G-XXXXXXXXXX")
    .optional(),
  METRICS_ALLOW: z.string().default("loopback").transform(parseMetricsAllow),
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
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
  /** The wait before a refused message's first retry; later ones grow with the square of the attempts. */
  mailRetrySeconds: number;
  publicBaseUrl: string;
  logLevel: string;
  /** LOG_FORMAT; null: readable text on a terminal, JSON lines elsewhere (platform/log-lines.ts). */
  logFormat: "json" | "text" | null;
  /** false, a number of proxy hops, or the proxies' addresses and CIDR ranges (see parseTrustProxy). */
  trustProxy: TrustProxy;
  seedDemo: boolean;
  /** Bearer token of the chatbot's report webhook; null: the webhook answers 503. */
  reportWebhookToken: string | null;
  /** Worker processes on PostgreSQL (WEB_CONCURRENCY); null: one per core. PGlite always runs one. */
  webConcurrency: number | null;
  /** Who may read GET /metrics: these addresses (METRICS_ALLOW), or anyone with the bearer token (METRICS_TOKEN). */
  metrics: { allow: string[]; token: string | null };
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
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? null,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO === "true",
    reportWebhookToken: e.REPORT_WEBHOOK_TOKEN ?? null,
    webConcurrency: e.WEB_CONCURRENCY ?? null,
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN ?? null },
    site: { bookingUrl: e.BOOKING_URL ?? null, trySimulationUrl: e.TRY_SIMULATION_URL, gaMeasurementId: e.GA_MEASUREMENT_ID ?? null },
  };
}
