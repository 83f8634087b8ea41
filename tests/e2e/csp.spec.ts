import { expect, test, type Page } from "@playwright/test";
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

test("pages run under a nonce-based Content-Security-Policy, without violations, and refuse injected scripts", async ({ page }) => {
  const violations = await recordViolations(page);
  const nonces = new Set<string>();

  for (const path of ["/", "/founders-find", "/about", "/simulations", "/admin"]) {
    const response = await page.goto(path);
    const policy = response!.headers()["content-security-policy"] ?? "";
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/]{22}==)'/.exec(policy)?.[1];
    expect(nonce, path).toBeDefined();
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    nonces.add(nonce!);
    await waitForHydration(page);
    expect(await violations(), path).toEqual([]);
  }
  expect(nonces.size).toBe(5);

  // Lazily loaded dialogs, and the form schemas they build, run under the policy too.
  await page.goto("/founders-find");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Download Brochure" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: /Download/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("contentinfo").getByRole("button", { name: "Contact Us" }).click();
  await page.getByRole("dialog", { name: "Contact Us" }).getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("dialog", { name: "Contact Us" }).getByText("Name is required")).toBeVisible();
  expect(await violations()).toEqual([]);

  // A script smuggled into the page (no nonce) does not run, and the browser reports it.
  await page.addScriptTag({ content: "window.injected = true;" }).catch(() => undefined);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
});
