import type { ErrorBody, ErrorCode } from "~/shared/http-error";

/** Any non-OK answer from /api, with the server's code, message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "network",
    message: string,
    readonly fields: Record<string, string> = {},
    /** The whole `error` object, for answers that carry more than the above (a stale lead's 409). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** JSON over fetch with the session cookie; no retries (the spec's request behaviour). */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      credentials: "include",
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, "network", "Network error");
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const body = data as Partial<ErrorBody> | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? "internal",
      body?.error?.message ?? `${response.status} ${text || response.statusText}`,
      body?.error?.fields,
      typeof body?.error === "object" && body.error ? (body.error as unknown as Record<string, unknown>) : undefined,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Resolves after at least `ms`, so a sign-in screen keeps the spec's deliberate pace. */
export async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.allSettled([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  if (result.status === "rejected") throw result.reason;
  return result.value;
}
