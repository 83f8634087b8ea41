import { desc, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { cspViolation } from "../db/schema";
import { decodeCursor, keysetPage, olderThan } from "./keyset";
import { hitLimit, type Limit } from "./rate-limit";
import type { CspReportBody, CspViolation } from "~/shared/schemas/csp-reports";

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * The violation reports browsers send about the pages' Content-Security-Policy (csp.ts), as stored
 * in `csp_violation`: validated, stripped of what could identify a visitor, limited and kept 30 days.
 */

/**
 * Report uploads counted per client address and over all addresses together (each one atomic
 * statement, platform/rate-limit.ts). Over either, the reports are dropped, still with 204: a browser
 * retries a refused upload, and an attacker learns nothing. With at most CSP_VIOLATIONS_PER_REPORT
 * kept per upload and 30 days kept, the table stays bounded (≤ 30 × 144 × 300 × 10 rows at the worst).
 */
export const CSP_REPORT_LIMITS = {
  perAddress: (ip: string): Limit => ({ key: `csp-report:${ip}`, max: 30, windowMs: TEN_MINUTES }),
  total: { key: "csp-report:*", max: 300, windowMs: TEN_MINUTES } satisfies Limit,
};
/** Distinct violations kept from one upload (a page with one broken script reports the same thing many times). */
export const CSP_VIOLATIONS_PER_REPORT = 10;
/** How long violations are kept (housekeeping drops older ones). */
export const CSP_VIOLATION_DAYS = 30;

export type NewCspViolation = Omit<CspViolation, "id" | "receivedAt">;

const MAX_URL = 500;
const MAX_USER_AGENT = 256;
const INT_MAX = 2_147_483_647;
/** A directive's name (`script-src-elem`), a browser keyword for what was blocked (`inline`, `eval`, `wasm-eval`) or a scheme (`data`). */
const WORD = /^[a-z][a-z0-9+.-]{0,59}$/;

const parseUrl = (raw: string): URL | null => {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
};

/** A page or script address without query and fragment (they may carry tokens or personal data). */
function pageAddress(raw: string | null | undefined): string | null {
  const url = raw ? parseUrl(raw) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  return `${url.origin}${url.pathname}`.slice(0, MAX_URL);
}

/** What was blocked: an origin only, or the browser's keyword / the scheme (`inline`, `eval`, `data`, `blob`). */
function blockedAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const url = parseUrl(raw);
  if (!url) return WORD.test(raw) ? raw : null;
  if (["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return url.origin.slice(0, MAX_URL);
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  return WORD.test(scheme) ? scheme : null;
}

const position = (value: number | null | undefined): number | null => (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= INT_MAX ? value : null);

function directiveOf(effective: string | null | undefined, violated?: string | null): string | null {
  const name = (effective || violated?.split(" ")[0] || "").trim().toLowerCase();
  return WORD.test(name) ? name : null;
}

/** Printable text only, at most MAX_USER_AGENT characters. */
const userAgentOf = (raw: string | undefined): string | null => raw?.replace(/[^\x20-\x7e]/g, "").slice(0, MAX_USER_AGENT) || null;

/**
 * The violations of one upload, in either format, as they are stored: the page without its query, the
 * blocked resource's origin, the source file without its query; a report without a page (http/https)
 * or a directive is not kept. Duplicates within the upload count once; at most CSP_VIOLATIONS_PER_REPORT.
 */
export function violationsOf(body: CspReportBody, userAgent: string | undefined): NewCspViolation[] {
  const agent = userAgentOf(userAgent);
  const found: (NewCspViolation | null)[] = [];
  if (Array.isArray(body)) {
    for (const report of body) {
      const b = report.body;
      if (report.type !== "csp-violation" || !b) continue;
      const documentUrl = pageAddress(b.documentURL ?? report.url);
      const directive = directiveOf(b.effectiveDirective);
      found.push(
        documentUrl && directive
          ? {
              documentUrl,
              directive,
              blockedUrl: blockedAddress(b.blockedURL),
              sourceFile: pageAddress(b.sourceFile),
              lineNumber: position(b.lineNumber),
              columnNumber: position(b.columnNumber),
              disposition: b.disposition === "enforce" || b.disposition === "report" ? b.disposition : null,
              userAgent: agent,
            }
          : null,
      );
    }
  } else {
    const r = body["csp-report"];
    const documentUrl = pageAddress(r["document-uri"]);
    const directive = directiveOf(r["effective-directive"], r["violated-directive"]);
    found.push(
      documentUrl && directive
        ? {
            documentUrl,
            directive,
            blockedUrl: blockedAddress(r["blocked-uri"]),
            sourceFile: pageAddress(r["source-file"]),
            lineNumber: position(r["line-number"]),
            columnNumber: position(r["column-number"]),
            disposition: r.disposition === "enforce" || r.disposition === "report" ? r.disposition : null,
            userAgent: agent,
          }
        : null,
    );
  }
  const unique = new Map<string, NewCspViolation>();
  for (const violation of found) if (violation) unique.set(JSON.stringify(violation), violation);
  return [...unique.values()].slice(0, CSP_VIOLATIONS_PER_REPORT);
}

/**
 * Records one upload's violations, unless its address or everyone together is over the limit.
 * Returns how many were stored.
 */
export async function recordCspReport(db: Db, body: CspReportBody, from: { ip: string; userAgent: string | undefined }, now = Date.now()): Promise<number> {
  const violations = violationsOf(body, from.userAgent);
  if (violations.length === 0) return 0;
  const perAddress = CSP_REPORT_LIMITS.perAddress(from.ip);
  if ((await hitLimit(db, perAddress, now)) > perAddress.max) return 0;
  if ((await hitLimit(db, CSP_REPORT_LIMITS.total, now)) > CSP_REPORT_LIMITS.total.max) return 0;
  const receivedAt = new Date(now);
  await db.insert(cspViolation).values(violations.map((violation) => ({ ...violation, receivedAt })));
  return violations.length;
}

/** The newest violations first, a page at a time (keyset on received time and id). */
export async function listCspViolations(db: Db, query: { cursor?: string; limit: number }): Promise<{ items: CspViolation[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor);
  const rows = await db
    .select()
    .from(cspViolation)
    .where(olderThan(cspViolation.receivedAt, cspViolation.id, after))
    .orderBy(desc(cspViolation.receivedAt), desc(cspViolation.id))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.receivedAt.toISOString(), id: row.id }));
  return { items: page.items.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })), nextCursor: page.nextCursor };
}

/** Drops violations older than CSP_VIOLATION_DAYS (housekeeping). */
export async function pruneCspViolations(db: Db, now = Date.now()): Promise<void> {
  await db.delete(cspViolation).where(lt(cspViolation.receivedAt, new Date(now - CSP_VIOLATION_DAYS * 24 * 60 * 60 * 1000)));
}
