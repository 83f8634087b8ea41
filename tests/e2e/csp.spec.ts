import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support";

test("pages run under a nonce-based Content-Security-Policy, without violations, and refuse injected scripts", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => /Content[- ]Security[- ]Policy/i.test(message.text()) && violations.push(message.text()));
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
  }
  // A lazily loaded dialog still loads under the policy.
  await page.goto("/founders-find");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Download Brochure" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();

  expect(nonces.size).toBe(5);
  expect(violations).toEqual([]);

  // A script smuggled into the page (no nonce) does not run.
  await page.addScriptTag({ content: "window.injected = true;" }).catch(() => undefined);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  // …and the browser reports it the way the check above listens for.
  await expect.poll(() => violations.length).toBe(1);
});
