import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { candidateSignIn, postFixtureReport } from "./reports-support";
import { expectToast, signIn, uniqueEmail, waitForHydration } from "./support";
import { violations } from "./axe";

// Automated WCAG 2.1 AA checks (axe-core) on every public page, the staff sign-in screens and the
// public dialogs, on a phone and a desktop. They catch what a person would trip over first: missing names and labels, contrast,
// landmarks, duplicate ids, broken ARIA. Keyboard paths are covered by the feature tests.
const PAGES = ["/", "/founders-find", "/about", "/privacy", "/terms", "/thank-you", "/simulations", "/unsubscribe", "/no-such-page", "/simulation-login", "/admin", "/simulation-admin", "/crm-login"];

for (const viewport of [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of PAGES) {
      test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        // The wizard's code arrives after hydration; check the form as people use it, enabled.
        if (path === "/founders-find") await expect(page.locator("#application").getByLabel("First Name *")).toBeEditable();
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}

test("an error toast has no WCAG A/AA violations", async ({ page }) => {
  await page.goto("/crm-login");
  await signIn(page, { email: ACCOUNTS.sales.email, password: "not-the-right-password" }, "Access CRM Dashboard");
  const toast = await expectToast(page, "Login failed", "Invalid email or password. Please check your credentials.");
  await expect(toast).toHaveAttribute("data-variant", "destructive");
  expect(await violations(page)).toEqual([]);
});

test("the public dialogs have no WCAG A/AA violations", async ({ page }) => {
  // Two pages and four checks: 30–37 s on a 2-core machine running both engines' browser tests.
  test.setTimeout(90_000);
  await page.goto("/founders-find");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Download Brochure" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("button", { name: "Contact Us" }).click();
  await expect(page.getByRole("dialog", { name: "Contact Us" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  await footer.getByRole("button", { name: "Become a Mentor" }).click();
  await expect(page.getByRole("dialog", { name: "Become a Mentor" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  await page.goto("/simulations");
  await waitForHydration(page);
  await page.getByRole("button", { name: /Try/ }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the staff screens, signed in, have no WCAG A/AA violations", async ({ page }) => {
  // Ten screens, each fully analysed.
  test.setTimeout(120_000);
  await page.goto("/admin");
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  for (const tab of ["Applications", "Simulation Reports", "Downloads", "Email Notifications", "Mentors"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tabpanel", { name: tab })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: tab }).getByText(/^Loading/)).toHaveCount(0);
    expect(await violations(page), tab).toEqual([]);
  }
  for (const path of ["/admin/staff", "/admin/inbox", "/admin/newsletter", "/simulation-admin", "/crm"]) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    expect(await violations(page), path).toEqual([]);
  }
});

for (const viewport of [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`the candidate's dashboard and report have no WCAG A/AA violations on a ${viewport.name}`, async ({ page, request }) => {
    // Four full analyses; the report page holds seven charts.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const email = uniqueEmail("axe-candidate");
    const slug = await postFixtureReport(request, email);
    await candidateSignIn(page, email);
    await expect(page.getByRole("heading", { name: "Your Simulation Reports" })).toBeVisible();
    expect(await violations(page), "dashboard").toEqual([]);
    await page.goto(`/simulation-report/${slug}`);
    await waitForHydration(page);
    expect(await violations(page), "performance analysis").toEqual([]);
    await page.getByRole("tab", { name: "Table View" }).first().click();
    expect(await violations(page), "table view").toEqual([]);
    await page.getByRole("tab", { name: "Case Simulation" }).click();
    expect(await violations(page), "case simulation").toEqual([]);
  });
}
