import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { expectToast, signIn, uniqueEmail } from "./support";

test("the add form's messages clear as soon as each field is valid", async ({ page }) => {
  await page.goto("/admin/staff");
  await signIn(page, ACCOUNTS.admin);
  const form = page.getByRole("form", { name: "Add a staff account" });
  await form.getByRole("button", { name: "Add staff account" }).click();
  await expect(form.getByText("Name is required", { exact: true })).toBeVisible();
  await expect(form.getByText("Choose at least one role", { exact: true })).toBeVisible();
  await form.getByLabel("Full name").fill("Nina");
  await expect(form.getByText("Name is required", { exact: true })).toHaveCount(0);
  await form.getByLabel("Initial password (12+ characters)").fill("short");
  await expect(form.getByText("Password must be at least 12 characters", { exact: true })).toBeVisible();
  await form.getByLabel("Initial password (12+ characters)").fill("long-enough-password");
  await expect(form.getByText("Password must be at least 12 characters", { exact: true })).toHaveCount(0);
  await form.getByRole("checkbox", { name: "Content" }).check();
  await expect(form.getByText("Choose at least one role", { exact: true })).toHaveCount(0);
  // Untouched fields keep theirs until they change.
  await expect(form.getByText("Email is required", { exact: true })).toBeVisible();
});

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

  // Disabling asks first; Cancel changes nothing.
  await row.getByRole("button", { name: "Disable" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Disable Staff Account" });
  await expect(confirm.getByText(`Are you sure you want to disable Nina Newcomer (${email})?`, { exact: false })).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole("cell", { name: "Active", exact: true })).toBeVisible();

  await row.getByRole("button", { name: "Disable" }).click();
  await confirm.getByRole("button", { name: "Disable" }).click();
  await expectToast(page, "Staff account disabled", "Nina Newcomer can no longer sign in.");
  await expect(row.getByRole("cell", { name: "Disabled", exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Enable" }).click();
  await expectToast(page, "Staff account enabled", "Nina Newcomer can sign in again.");
  await expect(row.getByRole("cell", { name: "Active", exact: true })).toBeVisible();

  // The pages under /admin share its sign-in, and its logout toast.
  await page.getByRole("button", { name: "Logout" }).click();
  await expectToast(page, "Logged out");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});
