import { createHash, randomBytes } from "node:crypto";
import type { PublicSiteSettings } from "~/shared/load-context";

/** A fresh nonce for one page: the only inline scripts that run are the ones the server stamped with it. */
export const createNonce = () => randomBytes(16).toString("base64");

/**
 * The hashes of a finished page's inline scripts. A page kept in the public cache (public-cache.ts) is
 * one render served to many visitors, so it cannot carry a per-response nonce; its policy allows
 * exactly these scripts instead, and a script injected into the page matches none of them.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes!) || !body) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** Where browsers send the policy's violation reports (features/csp-reports). */
export const CSP_REPORT_PATH = "/api/csp-reports";
/** The Reporting API's name for that endpoint, defined by the `Reporting-Endpoints` header every page sends with its policy. */
export const CSP_REPORT_GROUP = "csp";
/** The `Reporting-Endpoints` header that goes with the policy (a path: the browser resolves it against the page). */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

/** What may run inline: the nonce of a page rendered for one visitor, or the hashes of a shared render. */
export type InlineScripts = { nonce: string } | { hashes: string[] };

/**
 * The Content-Security-Policy of every page. Scripts come from this origin or are allowed inline by
 * the page's nonce or hashes (React Router's and React's inline hydration scripts, the analytics
 * snippet); third parties appear
 * only when configured: Google Analytics (GA_MEASUREMENT_ID) and the booking widget's frame
 * (BOOKING_URL). Inline styles stay allowed: the stylesheet is inlined on purpose (first paint) and
 * React sets style attributes. Images may come from any https origin (mentor photos can be links).
 * Violations are reported to CSP_REPORT_PATH: `report-to` (the Reporting API, with the
 * `Reporting-Endpoints` header) and `report-uri` for browsers without it (those with it ignore it).
 */
export function contentSecurityPolicy(inline: InlineScripts, site: PublicSiteSettings): string {
  const ga = site.gaMeasurementId !== null;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...("nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes), ...(ga ? ["https://*.googletagmanager.com"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    // Google's published list for GA4, Google Signals' doubleclick endpoint included.
    "connect-src": ["'self'", ...(ga ? ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com", "https://*.g.doubleclick.net"] : [])],
    "frame-src": site.bookingUrl ? [new URL(site.bookingUrl).origin] : ["'none'"],
    "frame-ancestors": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "report-uri": [CSP_REPORT_PATH],
    "report-to": [CSP_REPORT_GROUP],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
