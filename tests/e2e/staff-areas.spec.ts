import { expect, test } from "@playwright/test";
import { ACCOUNTS, localPart } from "./accounts";
import { expectToast, signIn } from "./support";

test("a sales account at /admin is told it has no access", async ({ page }) => {
  await page.goto("/admin");
  await signIn(page, ACCOUNTS.sales);
  await expect(page.getByRole("heading", { name: "No access to the admin dashboard" })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${ACCOUNTS.sales.name} (${ACCOUNTS.sales.email})`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Dashboard", exact: true })).toHaveCount(0);
});

test("the CRM sends signed-out visitors to /crm-login, signs sales in and out", async ({ page }) => {
  await page.goto("/crm");
  await expect(page).toHaveURL(/\/crm-login$/);
  await expect(page).toHaveTitle("CRM Access");
  await expect(page.getByRole("heading", { name: "CRM Access" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Access CRM Dashboard" })).toBeVisible();

  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  // Its navigation to /crm comes with this toast, after the form's 500 ms delay: wait for both
  // before logging out, or that late navigation takes the page back to /crm.
  await expectToast(page, "Login successful", `Welcome to CRM Dashboard, ${localPart(ACCOUNTS.sales.email)}`);
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByRole("heading", { name: "CRM Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Manage leads and track the sales pipeline", { exact: true })).toBeVisible();
  await expect(page.getByText(`Logged in as ${localPart(ACCOUNTS.sales.email)}`, { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/crm-login$/);
  await expect(page.getByRole("button", { name: "Access CRM Dashboard" })).toBeVisible();
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
});

test("simulation admin: a wrong password is refused, the content account gets in", async ({ page }) => {
  await page.goto("/simulation-admin");
  await expect(page.getByRole("heading", { name: "Simulation Admin" })).toBeVisible();

  await signIn(page, { email: ACCOUNTS.content.email, password: "not-the-right-password" });
  await expectToast(page, "Invalid password");
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();

  await signIn(page, ACCOUNTS.content);
  await expect(page.getByText(`Signed in as ${ACCOUNTS.content.name} (${ACCOUNTS.content.email})`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Simulation Admin", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create New Simulation" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a content account signing in at /crm-login is told it has no access, without a welcome", async ({ page }) => {
  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.content, "Access CRM Dashboard");
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByRole("heading", { name: "No access to the CRM" })).toBeVisible();
  await expect(page.getByText("Welcome to CRM Dashboard", { exact: false })).toHaveCount(0);
});
