import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/server/features/auth/service";
import { reportInput } from "../fixtures/reports";
import { staffFactory } from "../fixtures/staff";
import { applicationFields, applicationInput, pdfBytes } from "../fixtures/applications";
import { createTestApp, type TestContext } from "../helpers/app";

/**
 * The hostile-input suite (issue 9): generated bad requests against every public endpoint of the
 * OpenAPI document. No answer may be a 5xx or take longer than a few seconds, and every 400 names
 * the field or says plainly why the body could not be read. Seeded and bounded, so a failure can be
 * replayed: HOSTILE_RUNS (default 300 per endpoint) and HOSTILE_SEED change both.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 300);
const SEED = Number(process.env.HOSTILE_SEED ?? 20261123);
const ANSWER_WITHIN_MS = 10_000;

/**
 * Bodies the generic example cannot make valid (records keyed by the caller's own names): a real
 * one instead, so that one hostile field among valid ones still reaches the database.
 */
const EXAMPLES: Record<string, () => Record<string, unknown>> = {
  "/api/simulation/reports": () => ({ ...reportInput(), resultId: `hostile-${Math.random().toString(36).slice(2)}` }),
  "/api/simulation/verify": () => ({ email: "hostile.candidate@example.com", code: "123456" }),
};
/** A 400 that only the database can give (the example got past validation): a code that matches no sent one. */
const PAST_VALIDATION_400: Record<string, RegExp> = { "/api/simulation/verify": /code is not valid/ };
const exampleFor = (endpoint: Endpoint) => EXAMPLES[endpoint.url]?.() ?? ((exampleOf(endpoint.body ?? { type: "object" }) ?? {}) as Record<string, unknown>);

const WEBHOOK_TOKEN = "hostile-suite-webhook-token-0123456789abcdef";
/** Endpoints that check a credential of their own before the body: the suite sends it, so its bodies reach validation. */
const CREDENTIALS: Record<string, Record<string, string>> = {
  "/api/simulation/reports": { authorization: `Bearer ${WEBHOOK_TOKEN}` },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN });
});
afterAll(() => ctx.close());

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
}

interface Endpoint {
  method: string;
  url: string;
  body: JsonSchema | null;
  query: string[];
  pathParams: string[];
}

/** Public endpoints, as the OpenAPI document describes them. */
function publicEndpoints(): Endpoint[] {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> }; parameters?: { in: string; name: string }[] }>> };
  const endpoints: Endpoint[] = [];
  for (const route of ctx.app.apiRoutes) {
    if (route.access !== "public") continue;
    const operation = doc.paths[route.url.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()];
    if (!operation) continue; // hidden from the document (the document itself)
    const parameters = operation.parameters ?? [];
    endpoints.push({
      method: route.method,
      url: route.url,
      body: operation.requestBody?.content?.["application/json"]?.schema ?? null,
      query: parameters.filter((p) => p.in === "query").map((p) => p.name),
      pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
    });
  }
  return endpoints;
}

/** A valid-looking value for a schema, so that one hostile field among valid ones reaches the database. */
function exampleOf(schema: JsonSchema | undefined, depth = 0, name = ""): unknown {
  if (!schema || depth > 6) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return exampleOf(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) if (key !== "website") out[key] = exampleOf(value, depth + 1, key);
      return out;
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items, depth + 1));
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    default:
      // The schemas trim and pipe before they check a format, which the document cannot show: go by the name too.
      if (schema.format === "email" || /email/i.test(name)) return `hostile.${Math.random().toString(36).slice(2, 8)}@example.com`;
      if (schema.format === "uri" || /url|link/i.test(name)) return "https://www.linkedin.com/in/hostile";
      if (/mobile|phone/i.test(name)) return "9876543210";
      return "Hostile test ".padEnd(Math.max(12, schema.minLength ?? 0), "x").slice(0, schema.maxLength ?? 200);
  }
}

/**
 * Public endpoints whose body the document does not describe as JSON: multipart forms (fed the
 * damaged application form below) and those that take no body. A new one must be added here.
 */
const MULTIPART_FORMS = new Set(["/api/applications"]);
const NO_BODY = new Set(["/api/auth/logout", "/api/simulation/logout"]);

// ---- generators ---------------------------------------------------------------------------

const badText = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfff",
  "emoji cut \ud83d",
  "\udc00\ud800",
  "'; drop table staff; --",
  "<script>alert(1)</script>",
  "=HYPERLINK(\"http://evil.example\")",
  "../../etc/passwd",
  "%00%ff",
  "\u202e\ufeff\u200b",
  "",
  " ",
  "//evil.example/phish",
  "/\\evil.example",
  "javascript:alert(1)",
);
const hostileString = fc.oneof(
  { weight: 4, arbitrary: badText },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 20 }), badText, fc.string({ maxLength: 20 })).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((n) => "x".repeat(n)) },
);
const pollutionKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf");
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53, 0.5)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), pollutionKey), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A JSON payload, as text, for an endpoint whose body schema is known. */
function jsonPayload(endpoint: Endpoint): fc.Arbitrary<string> {
  const keys = Object.keys(endpoint.body?.properties ?? {});
  const valid = () => exampleFor(endpoint);
  const oneFieldBad = keys.length
    ? fc.tuple(fc.subarray(keys, { minLength: 1, maxLength: Math.min(3, keys.length) }), fc.array(fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: hostileValue }), { minLength: 3, maxLength: 3 })).map(([bad, values]) => {
        const body = valid();
        bad.forEach((key, index) => (body[key] = values[index]));
        return JSON.stringify(body);
      })
    : hostileValue.map((value) => JSON.stringify(value) ?? "null");
  const extraKeys = fc
    .dictionary(fc.oneof(pollutionKey, fc.string({ maxLength: 10 })), hostileValue, { minKeys: 1, maxKeys: 3 })
    .map((extra) => JSON.stringify({ ...valid(), ...extra }));
  const raw = fc.oneof(
    fc.constant('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}'),
    fc.integer({ min: 50, max: 20_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
    fc.integer({ min: 50, max: 5_000 }).map((depth) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth)),
    fc.integer({ min: 0, max: 200 }).map((cut) => JSON.stringify(valid()).slice(0, cut)),
    fc.constantFrom("", "null", "[]", "true", "0", '"text"', "{}", "{,}", "\ufeff{}", '{"email":"a@b.co","email":"\\u0000"}', "\u0000"),
    fc.integer({ min: 1_100_000, max: 1_300_000 }).map((n) => JSON.stringify({ [keys[0] ?? "a"]: "x".repeat(n) })),
  );
  return fc.oneof({ weight: 5, arbitrary: oneFieldBad }, { weight: 2, arbitrary: extraKeys }, { weight: 2, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? "null") }, { weight: 2, arbitrary: raw });
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/xml",
      "multipart/form-data",
      "multipart/form-data; boundary=zz",
      "application/json; charset=utf-16",
      "application/json; charset=latin1",
      "application/json-patch+json",
      "image/png",
      "garbage",
      ";;;",
    ),
  },
);

/** Every UTF-8 byte %-escaped (encodeURIComponent refuses a lone surrogate; this sends U+FFFD). */
const percent = (text: string) => [...Buffer.from(text, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");

/** A query string with hostile keys, values and broken %-escapes. */
function queryString(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...names, "q", "page", "pageSize", "__proto__", "a[b]", "x.y"), fc.string({ maxLength: 6 }));
  const value = fc.oneof(
    hostileString.map((s) => percent(s.slice(0, 2000))),
    fc.constantFrom("%", "%zz", "%ED%A0%80", "%00", "%C0%AF", "-1", "1e309", "999999999999999999999", "[]", "%F0%9F"),
  );
  return fc.array(fc.tuple(key, value), { maxLength: 5 }).map((pairs) => (pairs.length ? "?" + pairs.map(([k, v]) => `${percent(k)}=${v}`).join("&") : ""));
}

const pathSegment = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }).map(percent),
  fc.constantFrom("%", "%E0%A4%A", "..%2F..%2Fetc%2Fpasswd", "%00", "0123456789abcdef0123456789abcdef-400.webp", "a".repeat(5000), "%ED%A0%80.webp"),
);

/** A multipart body built from the application form, then damaged. */
const multipartPayload = fc
  .record({
    fieldDamage: fc.dictionary(fc.constantFrom(...Object.keys(applicationFields(applicationInput())), "extra", "__proto__", "constructor", "a\u0000b"), hostileString, { maxKeys: 4 }),
    file: fc.option(fc.record({ field: fc.constantFrom("resume", "photo", "motivation"), name: fc.oneof(fc.constantFrom("cv.pdf", "../../x.pdf", "a\u0000.pdf", "\ud800.pdf", ""), fc.string({ maxLength: 20 })), size: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 0, max: 64 * 1024 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 6 * 1024 * 1024 }) }) })),
    cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
    boundaryHeader: fc.constantFrom("right", "missing", "other", "quoted"),
    tail: fc.constantFrom("--\r\n", "", "--", "\r\n", "garbage"),
  })
  .map(({ fieldDamage, file, cut, boundaryHeader, tail }) => {
    const boundary = `hostile${Math.random().toString(16).slice(2)}`;
    const fields = { ...applicationFields(applicationInput()), ...fieldDamage };
    const chunks: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    if (file) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`));
      chunks.push(pdfBytes(Math.max(200, file.size)), Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from(`--${boundary}${tail}`));
    let payload = Buffer.concat(chunks);
    if (cut !== null) payload = payload.subarray(0, Math.floor(payload.length * cut));
    const header = { right: `multipart/form-data; boundary=${boundary}`, missing: "multipart/form-data", other: "multipart/form-data; boundary=nothere", quoted: `multipart/form-data; boundary="${boundary}"` }[boundaryHeader];
    return { payload, contentType: header };
  });

// ---- checks -------------------------------------------------------------------------------

/** Messages that say plainly why a body could not be read, when no single field is to blame. */
const PLAIN_WHY = /body|form|JSON|URL|Content-Type|multipart|boundary|upload|file|character|too many|request/i;

function checkAnswer(label: string, response: LightMyRequestResponse): void {
  expect(response.statusCode, `${label} → ${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode !== 400) return;
  const error = (response.json() as { error?: { message?: string; fields?: Record<string, string> } }).error;
  const namesField = !!error?.fields && Object.keys(error.fields).length > 0;
  const saysWhy = !!error?.message && PLAIN_WHY.test(error.message);
  expect(namesField || saysWhy, `${label}: a 400 that names no field and says no reason: ${response.body.slice(0, 300)}`).toBe(true);
}

async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS)));
  try {
    return await Promise.race([ctx.app.inject(options), hang]);
  } finally {
    clearTimeout(timer);
  }
}

let address = 0;
const nextAddress = () => `172.${16 + ((++address >> 16) & 15)}.${(address >> 8) & 255}.${address & 255}`;

describe(`hostile input against every public endpoint (${RUNS} bodies each, seed ${SEED})`, () => {
  it("finds the public endpoints in the OpenAPI document, and a valid example body reaches each JSON one", async () => {
    const unknownBodies = publicEndpoints().filter((e) => e.method !== "GET" && !e.body && !MULTIPART_FORMS.has(e.url) && !NO_BODY.has(e.url));
    expect(unknownBodies.map((e) => e.url), "public endpoints whose body kind the suite does not know").toEqual([]);
    for (const endpoint of publicEndpoints().filter((e) => e.body)) {
      const example = exampleFor(endpoint);
      const response = await send({ method: endpoint.method as "POST", url: endpoint.url, payload: example as object, headers: CREDENTIALS[endpoint.url], remoteAddress: nextAddress() });
      // Otherwise the one hostile field among valid ones would never get past validation to the database.
      const pastValidation = response.statusCode !== 400 || !!PAST_VALIDATION_400[endpoint.url]?.test(response.body);
      expect(pastValidation, `${endpoint.url} ${JSON.stringify(example)} → ${response.statusCode} ${response.body}`).toBe(true);
    }
    const urls = publicEndpoints().map((e) => `${e.method} ${e.url}`);
    expect(urls).toEqual(expect.arrayContaining(["POST /api/contact", "POST /api/applications", "POST /api/auth/login", "GET /api/images/:name"]));
  });

  it("answers every generated request without a 5xx or a hang, and every 400 says why", async () => {
    const endpoints = publicEndpoints();
    // Every endpoint is tried even after one fails, so one run reports every kind of failure.
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      const started = Date.now();
      const multipart = MULTIPART_FORMS.has(endpoint.url);
      const label = `${endpoint.method} ${endpoint.url}`;
      const at = (query: string, segment = "") => endpoint.url.replace(/:(\w+)/g, segment) + query;
      // Each kind of endpoint generates only what it is sent.
      const requests: fc.Arbitrary<InjectOptions> =
        endpoint.method === "GET"
          ? fc.tuple(queryString(endpoint.query), pathSegment).map(([query, segment]) => ({ method: "GET", url: at(query, segment) }))
          : multipart
            ? fc.tuple(queryString([]), multipartPayload).map(([query, form]) => ({ method: "POST", url: at(query), payload: form.payload, headers: { "content-type": form.contentType } }))
            : fc.tuple(queryString([]), jsonPayload(endpoint), contentType).map(([query, json, type]) => ({
                method: endpoint.method as "POST",
                url: at(query),
                payload: json,
                headers: { "content-type": type },
              }));
      try {
        await fc.assert(
          fc.asyncProperty(requests, async (request) => {
            checkAnswer(label, await send({ ...request, headers: { ...request.headers, ...CREDENTIALS[endpoint.url] }, remoteAddress: nextAddress() }));
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      } catch (error) {
        failures.push(`${label}: ${String((error as Error).message).split("\n").slice(0, 6).join("\n")}`);
      }
      if (process.env.HOSTILE_TIMING) console.log(`${endpoint.method} ${endpoint.url}: ${Date.now() - started} ms`);
    }
    expect(failures.join("\n\n")).toBe("");
    // Nothing reached Object.prototype on the way.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);
});

describe("concurrent wrong passwords", () => {
  it("200 at once at one account from one address: at most the allowance reaches the password check", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: staff.email, password: "wrong-password" }, remoteAddress: "10.66.0.1" })),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndAddress);
    expect(checked).toBeGreaterThan(0);
  });

  it("200 at once at one account from 200 addresses: at most the account's ceiling is checked", async () => {
    const staff = await staffFactory(ctx.db, ["admin"]);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: staff.email, password: "wrong-password" }, remoteAddress: `10.67.${i >> 8}.${i & 255}` }),
      ),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(200 - checked);
  });
});
