// Issue 23 §6 and §4: a saved view (saved, opened from its tab and from its URL, shared with the team)
// and the funnel analytics page at 360 px and 1280 px: axe-clean, nothing cut off or wider than the
// window, charts with their tables.
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { clipped } from "./layout-checks";
import { showMoreCrmActions, signIn } from "./support";
import { violations } from "./axe";

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("sales saves the list as a view, opens it from its tab and from its URL, and shares it with the team", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const name = `Paid connected ${Date.now().toString(36)}`;
  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expect(page).toHaveURL(/\/crm$/);
  await page.goto("/crm?view=paid&stage=Connected");
  await expect(page.getByRole("button", { name: /^Paid Users/ })).toHaveAttribute("aria-current", "page");

  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save view" });
  await dialog.getByLabel("View name").fill(name);
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(dialog).toBeHidden();
  const tab = page.getByRole("navigation", { name: "Saved views" }).getByRole("link", { name });
  await expect(tab).toHaveAttribute("aria-current", "page");
  const id = new URL(page.url()).searchParams.get("savedView");
  expect(id).toBeTruthy();

  // From its tab: the tab, stage filter and the view come back.
  await page.goto("/crm");
  await expect(page.getByRole("button", { name: /^Active Leads/ })).toHaveAttribute("aria-current", "page");
  await tab.click();
  await expect(page).toHaveURL(/savedView=/);
  await expect(page.getByRole("button", { name: /^Paid Users/ })).toHaveAttribute("aria-current", "page");
  expect(new URL(page.url()).searchParams.getAll("stage")).toEqual(["Connected"]);

  // From its URL alone (a link someone sent).
  await page.goto(`/crm?savedView=${id}`);
  await expect(page).toHaveURL(/stage=Connected/);
  await expect(page.getByRole("button", { name: /^Paid Users/ })).toHaveAttribute("aria-current", "page");
  await expect(tab).toHaveAttribute("aria-current", "page");

  // Changing a filter leaves the view.
  await page.getByRole("button", { name: /^Active Leads/ }).click();
  await expect(tab).not.toHaveAttribute("aria-current", "page");
  await expect(page).not.toHaveURL(/savedView=/);

  // Private so far: the admin does not see it; shared, the admin does.
  const admin = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const login = await admin.request.post("/api/auth/login", { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
  expect(login.status()).toBe(200);
  const adminSees = async () => ((await (await admin.request.get("/api/crm/views")).json()) as { views: { name: string }[] }).views.some((v) => v.name === name);
  expect(await adminSees()).toBe(false);
  await tab.click();
  const share = page.getByRole("button", { name: "Share with the team" });
  await share.click();
  await expect(page.getByRole("button", { name: "Shared with the team" })).toHaveAttribute("aria-pressed", "true");
  await expect(tab.getByLabel("Shared")).toBeVisible();
  expect(await adminSees()).toBe(true);

  // Deleting asks first (a shared view goes for the whole team); Cancel keeps it.
  await page.getByRole("button", { name: "Delete view" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete View" });
  await expect(confirm).toContainText(`“${name}”`);
  await expect(confirm).toContainText("It is shared");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(tab).toBeVisible();
  await page.getByRole("button", { name: "Delete view" }).click();
  await confirm.getByRole("button", { name: "Delete view" }).click();
  await expect(tab).toHaveCount(0);
  await expect(page).not.toHaveURL(/savedView=/);
  expect(await adminSees()).toBe(false);
  await admin.close();
});

async function seedFunnel(page: Page) {
  const visit = (utmSource: string) => ({ name: "page_view", path: "/", visit: { utmSource, utmMedium: "email" }, landing: true });
  const events = [visit("newsletter"), visit("newsletter"), visit("a-rather-long-partner-campaign-source-name"), { name: "simulation_start", visit: { utmSource: "newsletter" } }];
  expect((await page.request.post("/api/events", { data: { events } })).status()).toBe(200);
  const lead = await page.request.post("/api/crm/leads", { data: { fullName: "Funnel Paid Person", email: `funnel.${Date.now()}@example.com` } });
  expect(lead.status()).toBe(201);
  const { id } = (await lead.json()) as { id: string };
  // Amounts of the widest kind (nine digits in Indian grouping): the money and per-owner tables must still fit.
  const won = await page.request.put(`/api/crm/leads/${id}`, { data: { leadStage: "Connected", leadStatus: "CW - Full", batchName: "FF-2026-12", saleAmount: 999_999_990, collectedAmount: 999_999_990 } });
  expect(won.status(), await won.text()).toBe(200);
}

for (const width of [360, 1280]) {
  test(`the funnel at ${width} px: charts and their tables, axe-clean, nothing cut off or wider than the window`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/crm-login");
    await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
    await expect(page).toHaveURL(/\/crm$/);
    await seedFunnel(page);

    await showMoreCrmActions(page);
    await page.getByRole("link", { name: "Funnel" }).click();
    await expect(page).toHaveURL(/\/crm\/analytics$/);
    await expect(page.getByRole("img", { name: /Funnel for the period/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /Revenue and collection per week/ })).toBeVisible();
    // The chart's description reads the figures out.
    await expect(page.getByRole("img", { name: /Funnel for the period/ })).toHaveAccessibleDescription(/Visitors \d/);
    const main = page.locator("main");
    expect(await pageOverflow(page)).toBe(0);
    expect(await clipped(main)).toEqual([]);
    expect(await violations(page)).toEqual([]);

    const tables = page.getByRole("button", { name: "Show tables" });
    await tables.click();
    await expect(tables).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("img", { name: /Funnel for the period/ })).toHaveCount(0);
    const steps = width < 640 ? page.getByRole("list", { name: "Funnel for the period" }) : page.getByRole("table", { name: "Funnel for the period" });
    await expect(steps).toBeVisible();
    await expect(steps).toContainText("Simulation starts");
    await expect(steps).toContainText("Paid");
    const sources = width < 640 ? page.getByRole("list", { name: "Funnel per source" }) : page.getByRole("table", { name: "Funnel per source" });
    await expect(sources).toContainText("newsletter");
    // The paid lead was added by hand, from no visit: its conversion has a row of its own.
    await expect(sources).toContainText("No tracked visit");
    expect(await pageOverflow(page)).toBe(0);
    expect(await clipped(main)).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });
}
