/** The one error body the API answers with (ARCHITECTURE.md principle 4). */
export type ErrorCode =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "request_timeout"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unavailable"
  | "internal";

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field path (dot separated) to the first message for that field. */
    fields?: Record<string, string>;
  };
}
