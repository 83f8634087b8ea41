import { expect, test, type Page } from "@playwright/test";
import { applicationFields, applicationInput } from "../fixtures/applications";
import { ACCOUNTS } from "./accounts";
import { violations } from "./axe";
import { clipped, staffTableProblems } from "./layout-checks";
import { signIn, uniqueEmail } from "./support";

// The staff lists on a phone and on a laptop: each row a card at 360 px (its fields named), a table at
// 1280 px. The simulation library and the reports tab have their own tests at volume.

const WIDTHS = [360, 1280];

/** A table's problems at this width, whatever in it the reader cannot see whole, and its WCAG violations. */
async function tableProblems(page: Page, caption: string) {
  const table = page.getByRole("table", { name: caption });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return [
    ...(pageOverflow > 0 ? [`the page scrolls sideways by ${pageOverflow} px`] : []),
    ...(await staffTableProblems(table)),
    ...(await clipped(table)),
    ...(await violations(page, "table")),
  ];
}

for (const width of WIDTHS) {
  test(`at ${width} px the dashboard's applications, downloads and mentors, the staff accounts and the newsletter list read whole`, async ({ page }) => {
    const email = uniqueEmail(`tables-${width}`);
    const visitor = page.request;
    expect((await visitor.post("/api/applications", { multipart: applicationFields(applicationInput({ email, firstName: "Meenakshi Sundaram" })) })).status()).toBe(201);
    expect((await visitor.post("/api/brochure-download", { data: { name: "Meenakshi Sundaram", email, mobile: "+91 9876543210" } })).ok()).toBe(true);
    expect((await visitor.post("/api/newsletter", { data: { email } })).ok()).toBe(true);

    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin");
    await signIn(page, ACCOUNTS.admin);
    expect(await tableProblems(page, "Applications, newest first")).toEqual([]);
    await page.getByRole("tab", { name: "Downloads" }).click();
    expect(await tableProblems(page, "Brochure downloads, newest first")).toEqual([]);
    // The mentor editor's cards too (a fieldset is as wide as its file input unless told otherwise).
    await page.getByRole("tab", { name: "Mentors" }).click();
    const mentors = page.getByRole("tabpanel", { name: "Mentors" });
    await expect(mentors.getByRole("group", { name: "Mentor 1" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await clipped(mentors)).toEqual([]);

    // A long address in the staff list (a CI run found one leaving its card at 360 px).
    const long = { email: `venkatasubramanian.chandrasekharan.${width}.${Date.now().toString(36)}@example.com`, name: "Venkatasubramanian Chandrasekharan" };
    const added = await page.request.post("/api/staff", { data: { ...long, roles: ["content"], password: "long-address-e2e-password-1" } });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto("/admin/staff");
    await expect(page.getByText(long.email)).toBeVisible();
    expect(await tableProblems(page, "Staff accounts")).toEqual([]);
    await page.goto("/admin/newsletter");
    expect(await tableProblems(page, "Newsletter subscribers")).toEqual([]);
  });
}
