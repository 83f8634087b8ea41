import { randomBytes } from "node:crypto";
import type { PublicSiteSettings } from "~/shared/load-context";

/** A fresh nonce for one page: the only inline scripts that run are the ones the server stamped with it. */
export const createNonce = () => randomBytes(16).toString("base64");

/**
 * The Content-Security-Policy of every page. Scripts come from this origin or carry the page's nonce
 * (React Router's and React's inline hydration scripts, the analytics snippet); third parties appear
 * only when configured: Google Analytics (GA_MEASUREMENT_ID) and the booking widget's frame
 * (BOOKING_URL). Inline styles stay allowed: the stylesheet is inlined on purpose (first paint) and
 * React sets style attributes. Images may come from any https origin (mentor photos can be links).
 */
export function contentSecurityPolicy(nonce: string, site: PublicSiteSettings): string {
  const ga = site.gaMeasurementId !== null;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(ga ? ["https://*.googletagmanager.com"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    // Google's published list for GA4, Google Signals' doubleclick endpoint included.
    "connect-src": ["'self'", ...(ga ? ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com", "https://*.g.doubleclick.net"] : [])],
    "frame-src": site.bookingUrl ? [new URL(site.bookingUrl).origin] : ["'none'"],
    "frame-ancestors": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
