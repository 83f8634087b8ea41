import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, localPart } from "./accounts";
import { chooseInline, expectInline, openInline } from "./crm-inline";
import { expectToast, signIn, waitForHydration } from "./support";
import { sharedFixture } from "../helpers/shared-fixtures";
import { violations } from "./axe";

const FIXTURE = sharedFixture("crm-legacy-leads.csv");
const fixturePath = () => {
  try {
    readFileSync(FIXTURE);
    return FIXTURE;
  } catch {
    return "tests/fixtures/crm-legacy-leads.csv";
  }
};

async function openCrm(page: Page) {
  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expectToast(page, "Login successful", `Welcome to CRM Dashboard, ${localPart(ACCOUNTS.sales.email)}`);
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByText(`Logged in as ${localPart(ACCOUNTS.sales.email)}`, { exact: true })).toBeVisible();
}

const search = (page: Page) => page.getByRole("searchbox", { name: "Search leads" });

test.describe.configure({ mode: "serial" });

test("sales imports the legacy sheet, searches, filters, works a lead to Closed Won, edits, views, exports and deletes", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCrm(page);

  // Import CSV Data, with progress and a report of the rows left out.
  await page.getByRole("button", { name: "Import CSV Data" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import CSV Data" });
  await importDialog.getByLabel("CSV file").setInputFiles(fixturePath());
  await importDialog.getByRole("button", { name: "Import", exact: true }).click();
  await expectToast(page, "CSV Import Complete", "Successfully synced 7 records from CSV");
  await expect(importDialog.getByText("Row 8, Email IDs: Email is required to create a lead (no lead has this mobile)")).toBeVisible();
  await importDialog.getByRole("button", { name: "Close", exact: true }).first().click();

  // Search lives in the URL and is debounced; the mobile matches as a substring.
  await search(page).fill("arjun");
  await expect(page).toHaveURL(/q=arjun/);
  const table = page.getByRole("table");
  await expect(table.getByRole("button", { name: "Arjun Kumar", exact: true })).toBeVisible();
  await expect(table.getByRole("button", { name: "Neha Gupta", exact: true })).toHaveCount(0);
  await search(page).fill("99001 12");
  await expect(page).toHaveURL(/q=99001/);
  await expect(table.getByRole("button", { name: "Arjun Kumar", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/crm$/);

  // Stage multi-select; the back button undoes a filter.
  await page.getByRole("button", { name: /Stage filter/ }).click();
  // Controlled by the URL: it shows checked once the navigation lands.
  await page.getByRole("checkbox", { name: "Incorrect" }).click();
  await expect(page.getByRole("checkbox", { name: "Incorrect" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/stage=Incorrect/);
  await expect(table.getByRole("button", { name: "Neha Gupta", exact: true })).toBeVisible();
  await expect(table.getByRole("button", { name: "Arjun Kumar", exact: true })).toHaveCount(0);
  // Back to the whole tab (the imported leads keep the sheet's old dates, so they are far down it).
  await page.goBack();
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByRole("button", { name: "Stage filter: All Stages" })).toBeVisible();

  // Inline stage, then a status of that stage only; Closed Won goes through the batch modal.
  await search(page).fill("arjun");
  await expect(table.getByRole("row")).toHaveCount(2);
  await chooseInline(table, "Stage", "Arjun Kumar", "Connected");
  await expectToast(page, "Lead updated");
  await expectInline(table, "Status", "Arjun Kumar", "Interview");
  const status = await openInline(table, "Status", "Arjun Kumar");
  await expect(status).toHaveValue("Interview");
  await expect(status.locator("option")).toHaveText(["Interview", "Pitched", "Likely to Buy", "Closed Won - Paid Token", "Closed Won - Paid Full", "Closed Won - Free", "Closed Lost"]);
  await status.selectOption("CW - Full");
  const batchModal = page.getByRole("dialog", { name: "Assign Batch ID - Closed Won Lead" });
  await expect(batchModal.getByRole("button", { name: "Convert to Closed Won - Paid Full" })).toBeDisabled();
  await batchModal.getByRole("button", { name: "Cancel" }).click();
  await expectInline(table, "Status", "Arjun Kumar", "Interview");
  await chooseInline(table, "Status", "Arjun Kumar", "CW - Full");
  await batchModal.getByLabel("Batch ID").fill("FF-2025-06");
  await batchModal.getByRole("button", { name: "Convert to Closed Won - Paid Full" }).click();
  await expectToast(page, "Lead updated");
  await expect(batchModal).toBeHidden();
  await expect(page.getByText("No leads found")).toBeVisible();
  await expect(page.getByText("Try adjusting your filters or search terms.")).toBeVisible();
  await page.getByRole("button", { name: /^Paid Users/ }).click();
  await expect(page).toHaveURL(/view=paid/);
  await expect(table.getByRole("button", { name: "Arjun Kumar", exact: true })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Batch" })).toBeVisible();
  await expect(table.getByRole("cell", { name: "FF-2025-06" })).toBeVisible();

  // Edit modal with the Batch ID block for a paid user.
  await table.getByRole("button", { name: "Edit Arjun Kumar" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Lead - Arjun Kumar" });
  await expect(edit.getByText("Required for paid customers. Use format: FF-YYYY-MM")).toBeVisible();
  await edit.getByLabel("Sale Amount").fill("14999");
  await edit.getByLabel("Collected Amount").fill("20000");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Collected amount cannot be more than the sale amount")).toBeVisible();
  await expect(edit.getByLabel("Collected Amount")).toHaveAttribute("aria-invalid", "true");
  await edit.getByLabel("Collected Amount").fill("5000");
  await edit.getByLabel("Notes").fill("Paying the balance in April");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("region", { name: "Summary" }).getByText("₹9,999")).toBeVisible();

  // Detail with the activity timeline.
  await table.getByRole("button", { name: "Arjun Kumar", exact: true }).click();
  const detail = page.getByRole("dialog", { name: "Arjun Kumar" });
  await expect(detail.getByRole("heading", { name: "Payment Information" })).toBeVisible();
  await expect(detail.getByText("Notes: empty → Paying the balance in April")).toBeVisible();
  await expect(detail.getByText("Status: DNR 2 → Interview")).toBeVisible();
  await expect(detail.getByText("Created from CSV")).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await detail.getByRole("button", { name: "Close", exact: true }).first().click();

  // Export CSV of the view.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^crm-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectToast(page, "Export successful", "Exported 1 CRM leads to CSV");

  // Delete after confirmation.
  await page.getByRole("button", { name: /^Active Leads/ }).click();
  await search(page).fill("neha");
  await table.getByRole("button", { name: "Delete Neha Gupta" }).click();
  await expect(page.getByRole("alertdialog").getByText("Are you sure you want to delete Neha Gupta?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Lead deleted");
  await expect(page.getByText("No leads found")).toBeVisible();
});

test("on a 360 px phone the leads are cards with Edit, View and Delete, and axe passes", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openCrm(page);
  await search(page).fill("farhan");
  await expect(page).toHaveURL(/q=farhan/);
  await expect(page.getByRole("table")).toBeHidden();
  await page.getByRole("button", { name: /^Paid Users/ }).click();
  const paidCard = page.getByRole("list", { name: "Paid users" }).getByRole("listitem").first();
  await expect(paidCard.getByRole("button", { name: "Farhan Ali", exact: true })).toBeVisible();
  await expect(paidCard.getByRole("button", { name: "Edit Farhan Ali" })).toBeVisible();
  await expect(paidCard.getByRole("button", { name: "View Farhan Ali" })).toBeVisible();
  await expect(paidCard.getByRole("button", { name: "Delete Farhan Ali" })).toBeVisible();
  await expect(paidCard.getByText("FF-2025-04")).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  expect(await violations(page)).toEqual([]);
  await paidCard.getByRole("button", { name: "View Farhan Ali" }).click();
  await expect(page.getByRole("dialog", { name: "Farhan Ali" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("axe passes on the CRM at 1280 px with analytics open", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCrm(page);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Analytics" }).click();
  await expect(page.getByRole("region", { name: "Analytics" }).getByText("Collection Pending")).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
