import { count, desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspViolation } from "~/server/db/schema";
import { CSP_REPORT_LIMITS, CSP_VIOLATIONS_PER_REPORT, pruneCspViolations } from "~/server/platform/csp-reports";
import { CSP_REPORT_PATH } from "~/server/platform/csp";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedIn(ctx, ["admin"])).cookie;
});
afterAll(() => ctx.close());

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

/** A report as Chromium's Reporting API sends it (report-to). */
const reportingApi = (page: string, overrides: Record<string, unknown> = {}) => ({
  type: "csp-violation",
  age: 12,
  url: page,
  user_agent: CHROME,
  body: {
    documentURL: page,
    referrer: "",
    blockedURL: "https://evil.example/steal.js?who=someone",
    effectiveDirective: "script-src-elem",
    originalPolicy: "default-src 'self'; report-to csp",
    sourceFile: "http://localhost:3000/assets/app-1234.js?v=2",
    sample: "",
    disposition: "enforce",
    statusCode: 200,
    lineNumber: 10,
    columnNumber: 52,
    ...overrides,
  },
});

/** A report as report-uri sends it (browsers without the Reporting API). */
const legacy = (page: string, overrides: Record<string, unknown> = {}) => ({
  "csp-report": {
    "document-uri": page,
    referrer: "",
    "violated-directive": "script-src-elem",
    "effective-directive": "script-src-elem",
    "original-policy": "default-src 'self'; report-uri /api/csp-reports",
    disposition: "enforce",
    "blocked-uri": "inline",
    "line-number": 3,
    "column-number": 9,
    "source-file": "http://localhost:3000/about",
    "status-code": 200,
    "script-sample": "",
    ...overrides,
  },
});

const post = (body: unknown, options: { type?: string; from?: string; userAgent?: string } = {}) =>
  ctx.app.inject({
    method: "POST",
    url: CSP_REPORT_PATH,
    headers: { "content-type": options.type ?? "application/reports+json", "user-agent": options.userAgent ?? CHROME },
    payload: typeof body === "string" ? body : JSON.stringify(body),
    remoteAddress: options.from ?? "10.0.0.1",
  } satisfies InjectOptions);

const stored = async (documentUrl: string) => ctx.db.select().from(cspViolation).where(eq(cspViolation.documentUrl, documentUrl));
const total = async () => (await ctx.db.select({ n: count() }).from(cspViolation))[0]!.n;

describe("POST /api/csp-reports", () => {
  it("records each violation of a Reporting API batch: the page without its query, the blocked origin only, a truncated user agent", async () => {
    const page = "http://localhost:3000/founders-find?token=secret#apply";
    const response = await post(
      [
        reportingApi(page),
        reportingApi(page, { effectiveDirective: "img-src", blockedURL: "data:image/png;base64,AAAA", sourceFile: null, lineNumber: null, columnNumber: null }),
        reportingApi(page), // the same again: kept once
        { type: "deprecation", age: 1, url: page, user_agent: CHROME, body: { sourceFile: "x" } },
      ],
      { userAgent: `${CHROME} ${"x".repeat(500)}` },
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe("");
    const rows = (await stored("http://localhost:3000/founders-find")).sort((a, b) => a.directive.localeCompare(b.directive));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ directive: "img-src", blockedUrl: "data", sourceFile: null, lineNumber: null, disposition: "enforce" });
    expect(rows[1]).toMatchObject({
      directive: "script-src-elem",
      blockedUrl: "https://evil.example",
      sourceFile: "http://localhost:3000/assets/app-1234.js",
      lineNumber: 10,
      columnNumber: 52,
      disposition: "enforce",
    });
    expect(rows[1]!.userAgent!.startsWith(CHROME)).toBe(true);
    expect(rows[1]!.userAgent!.length).toBe(256);
    expect(JSON.stringify(rows)).not.toContain("secret");
    expect(JSON.stringify(rows)).not.toContain("who=someone");
  });

  it("records the older report-uri format (application/csp-report) and plain JSON", async () => {
    expect((await post(legacy("https://founders-find.example/about?x=1"), { type: "application/csp-report", from: "10.0.0.2" })).statusCode).toBe(204);
    expect(await stored("https://founders-find.example/about")).toMatchObject([{ directive: "script-src-elem", blockedUrl: "inline", lineNumber: 3, columnNumber: 9 }]);
    // Only the violated directive (older browsers): its name, without the sources.
    const older = legacy("https://founders-find.example/terms", { "effective-directive": undefined, "violated-directive": "style-src 'self'" });
    expect((await post(older, { type: "application/json", from: "10.0.0.2" })).statusCode).toBe(204);
    expect(await stored("https://founders-find.example/terms")).toMatchObject([{ directive: "style-src" }]);
  });

  it("keeps nothing from a report without an http(s) page or a directive, and still answers 204", async () => {
    const before = await total();
    for (const body of [
      legacy("javascript:alert(1)"),
      legacy("not a url"),
      legacy("https://founders-find.example/x", { "effective-directive": "'; drop table staff; --", "violated-directive": null }),
      [reportingApi("https://founders-find.example/y", { documentURL: "chrome-extension://abc/page.html" })],
      [],
    ]) {
      const response = await post(body, { type: Array.isArray(body) ? "application/reports+json" : "application/csp-report", from: "10.0.0.3" });
      expect(response.statusCode, JSON.stringify(body)).toBe(204);
    }
    expect(await total()).toBe(before);
  });

  it("refuses what is not a report: never a 5xx, a 400 that says why, 413 over 16 KB, 415 for other types", async () => {
    const cases: { body: string; type?: string; status: number }[] = [
      { body: "{", status: 400 },
      { body: "", status: 400 },
      { body: '"text"', status: 400 },
      { body: "null", status: 400 },
      { body: '{"csp-report": 5}', type: "application/csp-report", status: 400 },
      { body: '[{"type": 5}]', status: 400 },
      { body: JSON.stringify([reportingApi("https://a.example/", { lineNumber: "ten" })]), status: 400 },
      { body: JSON.stringify(Array.from({ length: 101 }, () => ({ type: "x" }))), status: 400 },
      { body: '{"__proto__": {"polluted": true}, "csp-report": {}}', type: "application/csp-report", status: 400 },
      { body: JSON.stringify(legacy("https://a.example/\u0000")), type: "application/csp-report", status: 400 },
      { body: JSON.stringify(legacy(`https://a.example/${"a".repeat(17 * 1024)}`)), type: "application/csp-report", status: 413 },
      { body: JSON.stringify(legacy("https://a.example/")), type: "text/plain", status: 415 },
      { body: JSON.stringify(legacy("https://a.example/")), type: "application/x-www-form-urlencoded", status: 415 },
    ];
    for (const { body, type, status } of cases) {
      const response = await post(body, { type, from: "10.0.0.4" });
      expect(response.statusCode, `${type ?? "reports+json"} ${body.slice(0, 80)} → ${response.body}`).toBe(status);
      if (status === 400) {
        const error = response.json().error;
        expect(error.code).toBe("invalid");
        expect(!!error.fields || /body|JSON|report|character/i.test(error.message), response.body).toBe(true);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads the browsers' report types on this route only", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/newsletter", headers: { "content-type": "application/csp-report" }, payload: JSON.stringify({ email: "a@example.com" }) });
    expect(response.statusCode).toBe(415);
  });

  it("keeps at most 30 uploads from one address in ten minutes, counted atomically however many arrive at once", async () => {
    const from = "10.0.9.9";
    const max = CSP_REPORT_LIMITS.perAddress(from).max;
    const answers = await Promise.all(
      Array.from({ length: max * 2 }, (_, i) => post(legacy(`https://limit.example/page-${i}`), { type: "application/csp-report", from })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(max * 2).fill(204));
    const kept = (await ctx.db.select().from(cspViolation)).filter((row) => row.documentUrl.startsWith("https://limit.example/"));
    expect(kept).toHaveLength(max);
    // Another address is not held back by it.
    expect((await post(legacy("https://limit.example/other"), { type: "application/csp-report", from: "10.0.9.10" })).statusCode).toBe(204);
    expect(await stored("https://limit.example/other")).toHaveLength(1);
  });

  it("keeps at most 10 distinct violations of one upload", async () => {
    const batch = Array.from({ length: 25 }, (_, i) => ({ type: "csp-violation", body: { documentURL: "https://many.example/", effectiveDirective: "img-src", lineNumber: i } }));
    expect((await post(batch, { from: "10.0.8.1" })).statusCode).toBe(204);
    expect(await stored("https://many.example/")).toHaveLength(CSP_VIOLATIONS_PER_REPORT);
  });
});

describe("GET /api/admin/csp-reports", () => {
  it("refuses anonymous callers (401) and staff without the Admin role (403)", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/admin/csp-reports" })).statusCode).toBe(401);
    for (const role of ["content", "admissions", "sales"] as const) {
      const { cookie } = await signedIn(ctx, [role]);
      const response = await ctx.app.inject({ method: "GET", url: "/api/admin/csp-reports", headers: { cookie } });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.message).toBe("This request needs the Admin role.");
    }
  });

  it("lists the newest first, a page at a time with a cursor", async () => {
    const all = await ctx.db.select().from(cspViolation).orderBy(desc(cspViolation.receivedAt), desc(cspViolation.id));
    expect(all.length).toBeGreaterThan(5);
    const first = await ctx.app.inject({ method: "GET", url: "/api/admin/csp-reports", headers: { cookie: admin } });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const page = first.json() as { items: { id: string; receivedAt: string }[]; nextCursor: string | null };
    expect(page.items.map((i) => i.id)).toEqual(all.slice(0, 100).map((r) => r.id));
    expect(page.nextCursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/csp-reports?limit=4${cursor ? `&cursor=${cursor}` : ""}`;
      const next = (await ctx.app.inject({ method: "GET", url, headers: { cookie: admin } })).json() as typeof page;
      expect(next.items.length).toBeLessThanOrEqual(4);
      seen.push(...next.items.map((i) => i.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((r) => r.id));

    const bad = await ctx.app.inject({ method: "GET", url: "/api/admin/csp-reports?cursor=nonsense", headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("cursor");
  });
});

describe("housekeeping", () => {
  it("drops violations older than 30 days", async () => {
    const day = 24 * 60 * 60 * 1000;
    const row = { directive: "script-src", blockedUrl: "inline", userAgent: null };
    await ctx.db.insert(cspViolation).values([
      { ...row, documentUrl: "https://old.example/", receivedAt: new Date(Date.now() - 31 * day) },
      { ...row, documentUrl: "https://recent.example/", receivedAt: new Date(Date.now() - 29 * day) },
    ]);
    await pruneCspViolations(ctx.db);
    expect(await stored("https://old.example/")).toHaveLength(0);
    expect(await stored("https://recent.example/")).toHaveLength(1);
  });
});

describe("the limit over all addresses together", () => {
  it("stops keeping reports once 300 uploads arrived in ten minutes, from however many addresses", async () => {
    let dropped = 0;
    for (let i = 0; i < CSP_REPORT_LIMITS.total.max + 20; i++) {
      const page = `https://total.example/${i}`;
      expect((await post(legacy(page), { type: "application/csp-report", from: `10.${1 + (i >> 8)}.${i & 255}.7` })).statusCode).toBe(204);
      if ((await stored(page)).length === 0) dropped++;
    }
    // Some of the 300 went to the tests above; everything over the allowance was dropped.
    expect(dropped).toBeGreaterThanOrEqual(20);
    const kept = (await ctx.db.select().from(cspViolation)).filter((row) => row.documentUrl.startsWith("https://total.example/"));
    expect(kept.length).toBeLessThanOrEqual(CSP_REPORT_LIMITS.total.max);
  }, 120_000);
});
