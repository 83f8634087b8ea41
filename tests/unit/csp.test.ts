import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { contentSecurityPolicy, createNonce, inlineScriptHashes, REPORTING_ENDPOINTS } from "~/server/platform/csp";

const site = { bookingUrl: null, trySimulationUrl: "/simulations", gaMeasurementId: null };
const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("the pages' Content-Security-Policy", () => {
  it("allows this origin and the page's nonce, and no third party when none is configured", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123" }, site);
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc123'");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self'");
    expect(directive(policy, "frame-src")).toBe("frame-src 'none'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("opens exactly what Google Analytics and the booking widget need when they are configured", () => {
    const policy = contentSecurityPolicy({ nonce: "n" }, { ...site, gaMeasurementId: "G-ABC123", bookingUrl: "https://cal.com/founders-find/intro?x=1" });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n' https://*.googletagmanager.com");
    expect(directive(policy, "connect-src")).toContain("https://*.google-analytics.com");
    expect(directive(policy, "frame-src")).toBe("frame-src https://cal.com");
  });

  it("sends violation reports to /api/csp-reports: report-to (with its Reporting-Endpoints header) and report-uri for older browsers", () => {
    for (const policy of [contentSecurityPolicy({ nonce: "n" }, site), contentSecurityPolicy({ hashes: [] }, site)]) {
      expect(directive(policy, "report-to")).toBe("report-to csp");
      expect(directive(policy, "report-uri")).toBe("report-uri /api/csp-reports");
    }
    expect(REPORTING_ENDPOINTS).toBe('csp="/api/csp-reports"');
  });

  it("makes a new, unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("allows a shared render's inline scripts by hash: exactly those scripts, not scripts loaded by address", () => {
    const inline = 'window.__reactRouterContext = {"x":"é"};';
    const html = `<head><script>${inline}</script><script type="module" async="">import "/a.js";</script>` +
      `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>${inline}</script></head>`;
    const hashes = inlineScriptHashes(html);
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    expect(hashes).toEqual([sha(inline), sha('import "/a.js";')]);
    const policy = contentSecurityPolicy({ hashes }, site);
    expect(directive(policy, "script-src")).toBe(`script-src 'self' ${hashes.join(" ")}`);
    expect(policy).not.toContain("nonce");
    expect(directive(policy, "script-src")).not.toContain("unsafe-inline");
  });
});
