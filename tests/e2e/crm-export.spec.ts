// Issue 21 §12: "Export successful" only once the file is saved, naming the rows it really holds in
// Indian grouping; the import's result in Indian grouping too. Over a thousand leads, at 1280 and 360 px.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { LEAD_CSV_COLUMNS } from "../../src/server/features/crm/csv-columns";
import { ACCOUNTS, localPart } from "./accounts";
import { expectToast, showMoreCrmActions, signIn, toastRegion } from "./support";

const LEADS = 1234;
const tag = `xp${Date.now().toString(36)}`;

/**
 * A sheet in the export's columns: LEADS new leads found by `tag`. They are paid users created in
 * 2020, so that the CRM tests that come after, on the same server, still find a short Active Leads
 * list of their own leads (a full page of these made its axe check slow).
 */
function sheet(): Buffer {
  const at = (column: (typeof LEAD_CSV_COLUMNS)[number]) => LEAD_CSV_COLUMNS.indexOf(column);
  const paid = {
    [at("Created Date")]: "01/01/2020", [at("Lead Stage")]: "Connected", [at("Lead Status")]: "CW - Token",
    [at("Sale Amount")]: "14999", [at("Collected Amnt.")]: "5000", [at("Batch Name")]: "FF-XP",
  };
  const lines = [LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(",")];
  for (let i = 0; i < LEADS; i++) {
    const cells = LEAD_CSV_COLUMNS.map(() => "");
    Object.assign(cells, paid, { [at("Email IDs")]: `${tag}.${i}@example.com`, [at("Full Name")]: `Export ${tag} ${i}` });
    lines.push(cells.map((c) => `"${c}"`).join(","));
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

async function openCrm(page: Page) {
  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expectToast(page, "Login successful", `Welcome to CRM Dashboard, ${localPart(ACCOUNTS.sales.email)}`);
  await expect(page).toHaveURL(/\/crm$/);
}

/**
 * Clicks Export CSV with the server's answer held back until the test lets it go: while it is held
 * no toast may show; once the file is saved, the toast names the rows in the file.
 */
async function exportHeld(page: Page, expectedRows: number, grouped: string) {
  // An earlier export's toast has gone (toasts stay 5 s).
  await expect(toastRegion(page).getByText("Export successful")).toHaveCount(0, { timeout: 15_000 });
  let reached!: () => void;
  const requested = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname === "/api/crm/leads.csv", async (route) => {
    const response = await route.fetch();
    reached();
    await held;
    await route.fulfill({ response });
  });
  const download = page.waitForEvent("download");
  await showMoreCrmActions(page);
  await page.getByRole("link", { name: "Export CSV" }).click();
  // The file is on its way (or, were it a plain link the route cannot hold, already saved); half a
  // second gives a toast shown at the click time to appear, then none may be there yet.
  await Promise.race([requested, download]);
  await page.waitForTimeout(500);
  expect(await toastRegion(page).getByText("Export successful").count(), "no toast before the file is saved").toBe(0);
  release();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^crm-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await file.path(), "utf8");
  expect(text.trimEnd().split("\n")).toHaveLength(expectedRows + 1);
  await expectToast(page, "Export successful", `Exported ${grouped} CRM leads to CSV`);
  await page.unrouteAll({ behavior: "wait" });
}

test.describe.configure({ mode: "serial" });

test("the import's result and the export's toast give the real counts in Indian grouping, the toast once the file is saved", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCrm(page);

  await page.getByRole("button", { name: "Import CSV Data" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import CSV Data" });
  await importDialog.getByLabel("CSV file").setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: sheet() });
  await importDialog.getByRole("button", { name: "Import", exact: true }).click();
  await expectToast(page, "CSV Import Complete", "Successfully synced 1,234 records from CSV");
  await expect(importDialog.getByText("Synced 1,234 records: 1,234 new, 0 updated, 0 unchanged.")).toBeVisible();
  await importDialog.getByRole("button", { name: "Close", exact: true }).first().click();

  await page.getByRole("button", { name: /^Paid Users/ }).click();
  await page.getByRole("searchbox", { name: "Search leads" }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByRole("table").getByRole("button", { name: new RegExp(`^Export ${tag} \\d+$`) }).first()).toBeVisible();
  await exportHeld(page, LEADS, "1,234");

  // The same on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole("table")).toBeHidden();
  await exportHeld(page, LEADS, "1,234");
});
