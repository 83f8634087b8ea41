import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { waitForHydration } from "./support";

/** Every `securitypolicyviolation` the page raises, caught ones included (console messages miss those). */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** The `csp-violation` reports the browser makes for the policy's `report-to`, as it would upload them (ReportingObserver). */
async function recordReports(page: Page): Promise<() => Promise<unknown[]>> {
  await page.addInitScript(() => {
    const reports: unknown[] = [];
    Object.assign(window, { cspReports: reports });
    new ReportingObserver((batch) => reports.push(...batch.map((report) => report.toJSON())), { types: ["csp-violation"], buffered: true }).observe();
  });
  return () => page.evaluate(() => (window as unknown as { cspReports: unknown[] }).cspReports);
}

test("pages run under a strict Content-Security-Policy (hashes on shared pages, a nonce per response otherwise), without violations", async ({ page, playwright, baseURL }) => {
  const violations = await recordViolations(page);
  const browserReports = await recordReports(page);
  const nonces = new Set<string>();

  // Public pages come from the anonymous cache, one render for everyone: their inline scripts are
  // allowed by hash. The staff screen is rendered per request, with a fresh nonce each time.
  for (const path of ["/", "/founders-find", "/about", "/simulations", "/admin", "/admin"]) {
    const response = await page.goto(path);
    const policy = response!.headers()["content-security-policy"] ?? "";
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
    expect(scripts, path).not.toContain("unsafe-inline");
    if (path === "/admin") {
      const nonce = /^'self' 'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(scripts)?.[1];
      expect(nonce, path).toBeDefined();
      nonces.add(nonce!);
    } else {
      expect(scripts, path).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/);
    }
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    await waitForHydration(page);
    expect(await violations(), path).toEqual([]);
  }
  expect(nonces.size).toBe(2);

  // Lazily loaded dialogs, and the form schemas they build, run under the policy too.
  const shared = await page.goto("/founders-find");
  // The shared render (from the cache, or stored now by another worker process on PostgreSQL).
  expect(shared!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Download Brochure" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: /Download/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("contentinfo").getByRole("button", { name: "Contact Us" }).click();
  await page.getByRole("dialog", { name: "Contact Us" }).getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("dialog", { name: "Contact Us" }).getByText("Name is required")).toBeVisible();
  expect(await violations()).toEqual([]);

  // A script smuggled into a shared page (its hash is not in the policy) does not run, and the browser reports it.
  expect(shared!.headers()["reporting-endpoints"]).toBe('csp="/api/csp-reports"');
  await page.addScriptTag({ content: "window.injected = true;" }).catch(() => undefined);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);

  // The report the browser made for `report-to` (Chromium uploads those in batches, a minute or more
  // later, so the page hands it over itself, exactly as the browser wrote it) is accepted and stored.
  await expect.poll(browserReports).toHaveLength(1);
  const upload = await page.evaluate(async () => {
    const body = JSON.stringify((window as unknown as { cspReports: unknown[] }).cspReports);
    const response = await fetch("/api/csp-reports", { method: "POST", headers: { "content-type": "application/reports+json" }, body });
    return response.status;
  });
  expect(upload).toBe(204);
  const staff = await playwright.request.newContext({ baseURL });
  expect((await staff.post("/api/auth/login", { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);
  const stored = (await (await staff.get("/api/admin/csp-reports")).json()) as { items: { documentUrl: string; directive: string; blockedUrl: string | null }[] };
  expect(stored.items).toContainEqual(expect.objectContaining({ documentUrl: `${baseURL}/founders-find`, directive: "script-src-elem", blockedUrl: "inline" }));
  await staff.dispose();
});
