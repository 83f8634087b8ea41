import { expect, test } from "@playwright/test";
import { ACCOUNTS, localPart } from "./accounts";
import { clipped } from "./layout-checks";
import { expectToast, signIn, waitForHydration } from "./support";

test("a sales account at /admin is told it has no access", async ({ page }) => {
  await page.goto("/admin");
  await signIn(page, ACCOUNTS.sales);
  await expect(page.getByRole("heading", { name: "No access to the admin dashboard" })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${ACCOUNTS.sales.name} (${ACCOUNTS.sales.email})`)).toBeVisible();
  await expect(page.getByText("The admin dashboard needs the Admin, Admissions or Content role.", { exact: false })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Admin Dashboard", exact: true })).toHaveCount(0);
  // The one area this account opens is a click away; it has nothing to switch to there.
  await expect(page.getByRole("link", { name: /^Open / })).toHaveText(["Open CRM"]);
  await page.getByRole("link", { name: "Open CRM" }).click();
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByRole("heading", { name: "CRM Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Staff areas" })).toHaveCount(0);
});

test("an admin moves between the three staff areas from the header, by keyboard too", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/admin");
  await signIn(page, ACCOUNTS.admin);
  const areas = page.getByRole("navigation", { name: "Staff areas" });
  await expect(areas.getByRole("link")).toHaveText(["Admin Dashboard", "Simulation Admin", "CRM"]);
  await expect(areas.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("aria-current", "page");
  expect(await clipped(areas)).toEqual([]);
  // One row at 360 px: the switch does not push the title down a line per link.
  expect((await areas.boundingBox())!.height).toBeLessThan(50);

  await areas.getByRole("link", { name: "CRM" }).click();
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByRole("heading", { name: "CRM Dashboard", level: 1 })).toBeVisible();
  await expect(areas.getByRole("link", { name: "CRM" })).toHaveAttribute("aria-current", "page");
  await expect(areas.getByRole("link", { name: "Admin Dashboard" })).not.toHaveAttribute("aria-current", /.*/);

  await areas.getByRole("link", { name: "Simulation Admin" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/simulation-admin$/);
  await expect(page.getByRole("heading", { name: "Simulation Admin", level: 1 })).toBeVisible();

  // A page of the admin dashboard's own (Inbox) is within its area, not the area's page itself.
  await page.goto("/admin/inbox");
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(areas.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("aria-current", "true");
});

test("the area switch shows only the areas an account opens", async ({ page }) => {
  await page.goto("/simulation-admin");
  await signIn(page, ACCOUNTS.content);
  await expect(page.getByRole("heading", { name: "Simulation Admin", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Staff areas" }).getByRole("link")).toHaveText(["Admin Dashboard", "Simulation Admin"]);
  await page.getByRole("button", { name: "Logout" }).click();

  await page.goto("/admin");
  await signIn(page, ACCOUNTS.admissions);
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Staff areas" })).toHaveCount(0);
});

test("the CRM sends signed-out visitors to /crm-login, signs sales in and out", async ({ page }) => {
  await page.goto("/crm");
  // The server's redirect carries the way back (issue 21 item 11).
  await expect(page).toHaveURL(/\/crm-login\?returnTo=%2Fcrm$/);
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

const ALL_TABS = ["Applications", "Simulation Reports", "Downloads", "Email Notifications", "Mentors"];
for (const [role, tabs] of [
  ["admin", ALL_TABS],
  ["admissions", ["Applications", "Simulation Reports", "Downloads", "Email Notifications"]],
  ["content", ["Mentors"]],
] as const) {
  test(`/admin shows ${role} only its tabs and opens on the first`, async ({ page }) => {
    await page.goto("/admin");
    await signIn(page, ACCOUNTS[role]);
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab")).toHaveText([...tabs]);
    await expect(page.getByRole("tab", { name: tabs[0], selected: true })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: tabs[0] })).toBeVisible();
    // No refusal anywhere: every tab shown is one the role may use.
    await expect(page.getByText(/needs the .* role/)).toHaveCount(0);
  });
}

test("staff pages log no console error before sign-in", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of ["/admin", "/admin/staff", "/admin/inbox", "/admin/newsletter", "/simulation-admin", "/crm-login"]) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByLabel("Password")).toBeVisible();
  }
  expect(errors).toEqual([]);
});
