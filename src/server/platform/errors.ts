import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody, ErrorCode } from "~/shared/http-error";

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

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldsOf(items: ValidationItem[]): Record<string, string> {
  const fields: Record<string, string> = {};
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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(STATUS[error.code]).send(errorBody(error.code, error.message, error.fields));
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
