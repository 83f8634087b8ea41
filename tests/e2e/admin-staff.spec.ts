import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { expectToast, signIn, uniqueEmail } from "./support";

test("an admin adds a staff account and disables it", async ({ page }) => {
  await page.goto("/admin/staff");
  await signIn(page, ACCOUNTS.admin);
  // The sign-in toast comes after the form's deliberate 1 s delay; waiting for it keeps it from
  // replacing the toast this test looks for (one toast at a time).
  await expectToast(page, "Login successful", "Welcome to the admin dashboard");
  await expect(page.getByRole("heading", { name: "Staff accounts", level: 1 })).toBeVisible();

  const email = uniqueEmail("staff");
  const form = page.getByRole("form", { name: "Add a staff account" });
  await form.getByLabel("Full name").fill("Nina Newcomer");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Initial password (12+ characters)").fill("newcomer-password-1");
  await form.getByRole("checkbox", { name: "Admissions" }).check();
  await form.getByRole("button", { name: "Add staff account" }).click();

  await expectToast(page, "Staff account added", "Nina Newcomer can now sign in.");
  await expect(form.getByLabel("Email")).toHaveValue("");
  const row = page.getByRole("table", { name: "Staff accounts" }).getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "Active", exact: true })).toBeVisible();
  await expect(row.getByRole("checkbox", { name: "Admissions" })).toBeChecked();
  await expect(row.getByRole("checkbox", { name: "Admin", exact: true })).not.toBeChecked();

  await row.getByRole("button", { name: "Disable" }).click();
  await expectToast(page, "Staff account updated");
  await expect(row.getByRole("cell", { name: "Disabled", exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Enable" })).toBeVisible();

  // The pages under /admin share its sign-in, and its logout toast.
  await page.getByRole("button", { name: "Logout" }).click();
  await expectToast(page, "Logged out");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});
