import { expect, test, type APIRequestContext, type Page, type Route } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { showMoreCrmActions, signIn } from "./support";

// Issue 21 item 3: the tab counts of a search arrive after its rows (a no-match search shows "No
// leads found" first). Until they do, and while a change is being counted again, the tabs say they
// are loading ("…", aria-busy) and never show the previous search's or the previous moment's number.

const MARK = "Tabcountsworth";
const ACTIVE = 12;
const PAID = 5;
const HEADER =
  '"Created Date","Created Time","Email IDs","Full Name","Mobile","Current Profile","Motivation","Resume","Download Brochure?","LinkedIn","Lead Owner","Priority","Lead Stage","Lead Status","Latest Call Date","Latest Call Time","Payment Page","Action Items","Sale Amount","Collected Amnt.","Txn Reference","Pending Amount","Txn Reference1","Batch Name"';

function sheet(): string {
  const rows = Array.from({ length: ACTIVE + PAID }, (_, i) => {
    const paid = i >= ACTIVE;
    const cells = Array.from({ length: 24 }, () => "");
    cells[0] = "12/09/2024";
    cells[1] = "10:00 AM";
    cells[2] = `${MARK.toLowerCase()}.${i}@example.com`;
    cells[3] = `${MARK} Person ${i}`;
    cells[12] = "Connected";
    cells[13] = paid ? "CW - Full" : "Pitched";
    cells[18] = paid ? "₹14,999" : "";
    cells[19] = paid ? "₹14,999" : "";
    cells[23] = paid ? "FF-2026-01" : "";
    return cells.map((cell) => `"${cell}"`).join(",");
  });
  return [HEADER, ...rows].join("\n");
}

async function salesRequest(request: APIRequestContext) {
  const login = await request.post("/api/auth/login", { data: { email: ACCOUNTS.sales.email, password: ACCOUNTS.sales.password } });
  expect(login.status(), await login.text()).toBe(200);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await salesRequest(request);
  // Matched by e-mail: a second project or run leaves the same leads, set back to these statuses.
  const imported = await request.post("/api/crm/sync-csv", { multipart: { file: { name: "tab-counts.csv", mimeType: "text/csv", buffer: Buffer.from(sheet()) } } });
  expect(imported.status(), await imported.text()).toBe(200);
  await request.dispose();
});

/** Holds the tab count requests (one row each) whose address matches until `release` is called. */
async function holdCounts(page: Page, matches: (url: URL) => boolean) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = (url: URL) => url.pathname === "/api/crm/leads" && url.searchParams.get("limit") === "1" && matches(url);
  await page.route(held, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

// One lead is moved and put back: one test at a time.
test.describe.configure({ mode: "serial" });

for (const width of [360, 1280]) {
  test(`at ${width} px the tabs show "…" and are busy while their counts load, never an old number`, async ({ page, playwright }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/crm-login");
    await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
    await expect(page).toHaveURL(/\/crm$/);
    await page.goto(`/crm?q=${MARK.toLowerCase()}`);
    const activeTab = page.getByRole("button", { name: /^Active Leads/ });
    const paidTab = page.getByRole("button", { name: /^Paid Users/ });
    await expect(activeTab).toHaveText(`Active Leads (${ACTIVE})`);
    await expect(paidTab).toHaveText(`Paid Users (${PAID})`);
    await expect(activeTab).toHaveAttribute("aria-busy", "false");

    // A search nothing matches: its rows come at once, its tab counts late.
    const release = await holdCounts(page, (url) => url.searchParams.get("q") === "zzqqxx");
    await page.getByRole("searchbox", { name: "Search leads" }).fill("zzqqxx");
    await expect(page.getByText("No leads found")).toBeVisible();
    for (const [tab, label] of [
      [activeTab, "Active Leads"],
      [paidTab, "Paid Users"],
    ] as const) {
      await expect(tab).toHaveText(`${label} (…)`);
      await expect(tab).toHaveAttribute("aria-busy", "true");
    }
    release();
    await expect(activeTab).toHaveText("Active Leads (0)");
    await expect(paidTab).toHaveText("Paid Users (0)");
    await expect(paidTab).toHaveAttribute("aria-busy", "false");

    // Back to the mark; someone else moves one lead to Paid Users; Sync All Data counts again.
    await page.getByRole("searchbox", { name: "Search leads" }).fill(MARK.toLowerCase());
    await expect(activeTab).toHaveText(`Active Leads (${ACTIVE})`);
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    await salesRequest(request);
    const found = await request.get(`/api/crm/leads?q=${MARK.toLowerCase()}.0@example.com&view=active&limit=1`);
    const lead = (await found.json()).leads[0] as { id: string; version: number };
    const moved = await request.put(`/api/crm/leads/${lead.id}`, { data: { leadStatus: "CW - Token", batchName: "FF-2026-01", saleAmount: 14999, version: lead.version } });
    expect(moved.status(), await moved.text()).toBe(200);
    const releaseAgain = await holdCounts(page, (url) => url.searchParams.get("q") === MARK.toLowerCase());
    await showMoreCrmActions(page);
    await page.getByRole("button", { name: "Sync All Data" }).click();
    await expect(activeTab).toHaveText("Active Leads (…)");
    await expect(paidTab).toHaveText("Paid Users (…)");
    await expect(activeTab).toHaveAttribute("aria-busy", "true");
    releaseAgain();
    await expect(activeTab).toHaveText(`Active Leads (${ACTIVE - 1})`);
    await expect(paidTab).toHaveText(`Paid Users (${PAID + 1})`);
    await expect(activeTab).toHaveAttribute("aria-busy", "false");
    // Put it back for the other width and project.
    const back = await request.put(`/api/crm/leads/${lead.id}`, { data: { leadStatus: "Pitched" } });
    expect(back.status(), await back.text()).toBe(200);
    await request.dispose();
  });
}
