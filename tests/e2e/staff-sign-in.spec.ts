import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { expectToast, signIn } from "./support";

const TABS = ["Applications", "Simulation Reports", "Downloads", "Email Notifications", "Mentors"];

async function expectLoginForm(page: Page) {
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
}

test("admin signs in, sees the dashboard, stays signed in across a reload and logs out", async ({ page, context }) => {
  await page.goto("/admin");
  await expectLoginForm(page);

  await signIn(page, { email: ACCOUNTS.admin.email, password: "not-the-right-password" });
  await expectToast(page, "Invalid email or password");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();

  await signIn(page, ACCOUNTS.admin);
  await expectToast(page, "Login successful", "Welcome to the admin dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  const tabs = page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab");
  await expect(tabs).toHaveText(TABS);
  await expect(page.getByRole("tabpanel", { name: "Applications" })).toBeVisible();
  for (const name of ["Mentors", "Downloads"]) {
    await page.getByRole("tab", { name }).click();
    await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel", { name });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
  }

  await page.reload();
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText(`Signed in as ${ACCOUNTS.admin.name} (${ACCOUNTS.admin.email})`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Login" })).toHaveCount(0);

  const [session] = (await context.cookies()).filter((cookie) => cookie.name === "ff_session");
  expect(session?.httpOnly).toBe(true);
  await page.getByRole("button", { name: "Logout" }).click();
  await expectToast(page, "Logged out");
  await expectLoginForm(page);

  // Signed out on the server too: neither the browser's cookies nor the old session token still work.
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  const withOldToken = await page.request.get("/api/auth/me", { headers: { cookie: `ff_session=${session!.value}` } });
  expect(withOldToken.status()).toBe(401);
});
