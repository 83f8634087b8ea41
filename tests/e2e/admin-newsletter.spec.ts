import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { expectToast, signIn, uniqueEmail, waitForHydration } from "./support";

test("staff search the newsletter subscribers and export them all as CSV", async ({ page }) => {
  const email = uniqueEmail("export");
  await page.goto("/");
  await waitForHydration(page);
  const form = page.getByRole("contentinfo").getByRole("form", { name: "Newsletter" });
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expectToast(page, "Success!", "You've been subscribed to our newsletter.");

  await page.goto("/admin/newsletter");
  await signIn(page, ACCOUNTS.admissions);
  await expectToast(page, "Login successful", "Welcome to the admin dashboard");
  const search = page.getByLabel("Search by e-mail");
  await search.fill(email);
  const table = page.getByRole("table", { name: "Newsletter subscribers" });
  await expect(table.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  await search.fill("nobody-has-this-address");
  await expect(page.getByText("No subscribers match this search.")).toBeVisible();

  // The export holds every subscriber, whatever the search, and says how many.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  const lines = readFileSync(await file.path(), "utf8").replace(/^\uFEFF/, "").trim().split("\n");
  expect(lines[0]).toBe('"Email","Subscribed At","Unsubscribed At"');
  expect(lines.some((line) => line.startsWith(`"${email}"`))).toBe(true);
  await expectToast(page, "Export successful", `Exported ${lines.length - 1} subscribers to CSV`);
});
