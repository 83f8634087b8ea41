import { stdSerializers } from "pino";

/**
 * The logger's serializer for errors. A failed query's error carries its SQL parameters (in
 * `params` and in its message), and PostgreSQL's `detail` repeats the values a constraint refused:
 * both hold personal data (names, e-mails, phone numbers), so neither reaches the log. The query
 * text, the SQLSTATE code and the constraint, table and column names stay, which is what a fix needs.
 */

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Fields of a database error that name things, never values. */
const DB_FIELDS = ["code", "severity", "constraint", "table", "column", "schema", "routine", "dataType"] as const;

function isQueryError(error: object): error is Error & { query: string; params: unknown[] } {
  return typeof (error as { query?: unknown }).query === "string" && Array.isArray((error as { params?: unknown }).params);
}

/** PostgreSQL's data exceptions (class 22) quote the value they refused after a colon. */
function databaseMessage(message: string, code: unknown): string {
  return typeof code === "string" && code.startsWith("22") ? message.replace(/:\s[\s\S]*$/, ": [value not logged]") : message;
}

function databaseCause(cause: unknown): Record<string, unknown> | undefined {
  if (!cause || typeof cause !== "object") return undefined;
  const source = cause as Record<string, unknown>;
  const result: Record<string, unknown> = {
    type: (cause as Error).constructor?.name ?? "Error",
    message: databaseMessage(String(source.message ?? ""), source.code),
  };
  for (const key of DB_FIELDS) if (source[key] !== undefined) result[key] = source[key];
  return result;
}

export function serializeError(error: Error): SerializedError {
  if (isQueryError(error)) {
    const message = `Failed query: ${error.query}`;
    const stackFrames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
    return {
      type: error.constructor?.name ?? "Error",
      message,
      stack: [message, ...stackFrames].join("\n"),
      paramCount: error.params.length,
      cause: databaseCause(error.cause),
    };
  }
  const serialized = stdSerializers.err(error) as unknown as SerializedError;
  if ("detail" in serialized) delete serialized.detail;
  if ("parameters" in serialized) delete serialized.parameters;
  const safeMessage = databaseMessage(String(serialized.message ?? ""), (error as { code?: unknown }).code);
  if (safeMessage !== serialized.message) {
    serialized.stack = String(serialized.stack ?? "").replace(serialized.message, safeMessage);
    serialized.message = safeMessage;
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) serialized.cause = serializeError(cause);
  return serialized;
}

/** Errors logged under `err` (Fastify's and ours) or `error`; anything else that arrives there is left as it is. */
const serialize = <T>(value: T) => (value instanceof Error ? serializeError(value) : (value as unknown as SerializedError));
export const errorSerializers = { err: serialize, error: serialize };
