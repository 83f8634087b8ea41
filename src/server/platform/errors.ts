import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody, ErrorCode } from "~/shared/http-error";
import { issueFields } from "~/shared/schemas/common";
import type { z } from "~/shared/schemas/zod";

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** The one error type domain code throws; the handler below turns it into a reply. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const invalid = (field: string, message: string) => new AppError("invalid", message, { [field]: message });

/** A failed zod parse as the 400 it answers, each field named (issueFields); "_" for the whole body. */
export function invalidInput(issues: z.ZodError["issues"], unknownKey?: (key: string) => string): AppError {
  const fields = issueFields(issues, { whole: "_", unknownKey });
  return new AppError("invalid", Object.values(fields)[0] ?? "Invalid input", fields);
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldsOf(items: ValidationItem[]): Record<string, string> {
  const fields: Record<string, string> = Object.create(null); // a field named "constructor" is still named
  for (const item of items) {
    const path = item.params?.issue?.path?.map(String).join(".") ?? item.instancePath?.replace(/^\//, "").replaceAll("/", ".");
    const key = path || "_";
    fields[key] ??= item.params?.issue?.message ?? item.message ?? "Invalid value";
  }
  return fields;
}

/** Fastify's own errors that are the caller's fault, by their stable codes. */
const CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid",
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid",
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid",
  FST_ERR_VALIDATION: "invalid",
  FST_ERR_BAD_URL: "invalid",
};

/** Why a body could not be read, for the Fastify errors above that would otherwise say it in their words. */
function clientMessage(error: FastifyError, code: ErrorCode): string {
  if (error.code === "FST_ERR_BAD_URL") return "The address is not a valid URL (a malformed %-escape)";
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return "Send the body as application/json (or multipart/form-data where a form takes files)";
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return "The request body is too large";
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return "The request body is empty; send a JSON object";
  if (error.code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH") return "The Content-Length header does not match the body";
  return code === "invalid" ? "The request body is not valid JSON" : error.message;
}

/** What a PostgreSQL error carries (node-postgres and PGlite alike), found under Drizzle's wrapper. */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * SQLSTATEs of a database that is busy rather than wrong: a statement or lock wait over its limit
 * (db/client.ts), a deadlock or serialization failure (safe to send again), no free connection on
 * the server. The request did nothing; the same request a moment later will usually succeed.
 */
const BUSY_CODES = new Set(["57014", "55P03", "40P01", "40001", "53300", "57P03"]);
/** node-postgres's own waits, which carry no SQLSTATE: the pool's (POOL_WAIT_MS) and a new connection's. */
const BUSY_MESSAGES = ["timeout exceeded when trying to connect", "Connection terminated due to connection timeout"];

export const DATABASE_BUSY_MESSAGE = "The database is busy; please try again in a moment";
/** Retry-After of a busy database: a few seconds, about how long a lock or a load peak lasts. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The field a unique constraint guards, and what to tell the person (never the value itself: it is someone else's data). */
const UNIQUE_CONSTRAINTS: Record<string, { field: string; message: string }> = {
  lead_email_unique: { field: "email", message: "Another lead already has this email" },
  staff_email_unique: { field: "email", message: "This e-mail already has an account" },
  newsletter_subscription_email_unique: { field: "email", message: "This e-mail is already subscribed" },
  newsletter_subscription_unsubscribe_token_unique: { field: "unsubscribeToken", message: "This unsubscribe token is already in use" },
  simulation_slug_unique: { field: "slug", message: "Another simulation already has this address" },
  simulation_report_result_id_unique: { field: "resultId", message: "A report with this result id already exists" },
  simulation_report_slug_unique: { field: "slug", message: "Another report already has this address" },
  lead_engagement_ref_idx: { field: "refId", message: "This engagement is already linked to a lead" },
  crm_saved_view_owner_name_key: { field: "name", message: "You already have a view with this name" },
};

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A constraint not in the table above: the field from PostgreSQL's detail, `Key (full_name)=(…) already exists.` */
function uniqueField(error: DriverError): { field: string; message: string } | null {
  const known = typeof error.constraint === "string" ? UNIQUE_CONSTRAINTS[error.constraint] : undefined;
  if (known) return known;
  const columns = typeof error.detail === "string" ? /^Key \(([^)]+)\)=/.exec(error.detail)?.[1] : undefined;
  if (!columns) return null;
  const first = columns.split(",")[0]!.trim().replace(/^"|"$/g, "");
  const words = columns.split(",").map((c) => c.trim().replace(/^"|"$/g, "").replaceAll("_", " ")).join(" and ");
  return { field: camelCase(first), message: `Another record already has this ${words}` };
}

/**
 * The driver's error under Drizzle's wrapper (a DrizzleQueryError with `.cause`): the first link of
 * the cause chain that carries a SQLSTATE or is one of node-postgres's own waits.
 */
function driverError(error: unknown): DriverError | null {
  let e = error as DriverError | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 8; e = e.cause as DriverError | undefined, depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    if (typeof e.message === "string" && BUSY_MESSAGES.includes(e.message)) return e;
  }
  return null;
}

/** True when the database was busy rather than the work wrong (a deadlock, a lock or statement wait over its limit): the same work again will usually succeed. */
export function isDatabaseBusy(error: unknown): boolean {
  const driver = driverError(error);
  return !!driver && (driver.code === undefined || BUSY_CODES.has(driver.code as string));
}

/**
 * The API's answer to a database error: 503 with Retry-After when the database is busy, 409 naming
 * the field for a unique violation (two edits racing for one e-mail); null for any other error.
 */
export function databaseAppError(error: unknown): AppError | null {
  const driver = driverError(error);
  if (!driver) return null;
  if (isDatabaseBusy(error)) {
    return new AppError("unavailable", DATABASE_BUSY_MESSAGE, undefined, DATABASE_RETRY_AFTER_SECONDS);
  }
  if (driver.code !== "23505") return null;
  const unique = uniqueField(driver);
  return unique ? new AppError("conflict", unique.message, { [unique.field]: unique.message }) : new AppError("conflict", "This record already exists");
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const fromDatabase = error instanceof AppError ? null : databaseAppError(error);
    if (fromDatabase) {
      // Expected under load or in a race, not a defect: a warning (busy) or a note (conflict), without the values.
      // `sqlState`, not `code`: the logger redacts every `*.code` (sign-in codes). Not the text: it holds values.
      const driver = driverError(error)!;
      const reason = { reqId: request.id, db: { sqlState: driver.code, constraint: driver.constraint, reason: driver.code ? undefined : driver.message } };
      if (fromDatabase.code === "unavailable") request.log.warn(reason, "database busy");
      else request.log.info(reason, "unique violation");
    }
    const known = error instanceof AppError ? error : fromDatabase;
    if (known) {
      if (known.retryAfterSeconds) reply.header("retry-after", String(known.retryAfterSeconds));
      return reply.status(STATUS[known.code]).send(errorBody(known.code, known.message, known.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation as ValidationItem[]);
      const first = Object.values(fields)[0] ?? "The request is not valid";
      return reply.status(400).send(errorBody("invalid", first, fields));
    }
    const clientCode = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (clientCode) {
      return reply.status(STATUS[clientCode]).send(errorBody(clientCode, clientMessage(error, clientCode)));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody("invalid", error.message));
    }
    request.log.error({ err: error, reqId: request.id }, "unexpected error");
    return reply.status(500).send(errorBody("internal", `Something went wrong (request ${request.id})`));
  });
}
