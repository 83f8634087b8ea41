// Issue 23 §5: Import CSV Data takes any spreadsheet. The person uploads a sheet in its own words,
// sees its columns matched to lead fields, changes a mapping, runs a dry run (figures and the first
// rejected rows, nothing written), starts the import, and reloads the page while it runs: the page
// finds the running import again and shows its progress to the end. At 1280 and 360 px, axe-clean.
import { expect, test } from "@playwright/test";
import { groupIndian } from "../../src/shared/format-number";
import { ACCOUNTS } from "./accounts";
import { signIn } from "./support";
import { violations } from "./axe";

/**
 * At 1280 px, enough rows that the import still writes when the page has reloaded: PostgreSQL writes
 * ~18,000 rows a second, the embedded database a few thousand. At 360 px the reload is not repeated
 * (a minute of writing per engine in CI): hundreds of rows, written to the end with the dialog open.
 */
const rowsOn = (project: string, width: number) => (width === 360 ? 300 : project === "pglite" ? 40_000 : 150_000);
const BAD = [4, 9];

/** A sheet as a sales team keeps one: its own headers, mobiles under "Contact" (a name no field has), two bad e-mails. */
function sheet(tag: string, rows: number, firstMobile: number): Buffer {
  const lines = ["Name,Email ID,Contact,Remarks"];
  for (let i = 0; i < rows; i++) {
    const email = BAD.includes(i) ? `not-an-email-${i}` : `${tag}.${i}@example.com`;
    lines.push(`Mapped ${tag} ${i},${email},9${String(firstMobile + i).padStart(9, "0")},Row ${i}`);
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

for (const width of [1280, 360]) {
  test(`Import CSV Data at ${width} px: map the columns, dry run, import${width === 1280 ? ", reload while it runs" : " to the result"}`, async ({ page }) => {
    test.setTimeout(900_000);
    const ROWS = rowsOn(test.info().project.name, width);
    const written = new RegExp(`^Written [\\d,]+ of ${groupIndian(ROWS)} rows\\.\\.\\.$`);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/crm-login");
    // Another person at each width: the 1280 px run saves its mapping for its own person, and the
    // 360 px run must first see the columns matched by their names.
    await signIn(page, width === 1280 ? ACCOUNTS.sales : ACCOUNTS.admin, "Access CRM Dashboard");
    await expect(page).toHaveURL(/\/crm$/);

    await page.getByRole("button", { name: "Import CSV Data" }).click();
    const dialog = page.getByRole("dialog", { name: "Import CSV Data" });
    const tag = `map${width}${Date.now().toString(36)}`;
    await dialog.getByLabel("CSV file (or XLSX)").setInputFiles({ name: `sheet-${width}.csv`, mimeType: "text/csv", buffer: sheet(tag, ROWS, width === 1280 ? 600_000_000 : 700_000_000) });
    await dialog.getByRole("button", { name: "Map columns" }).click();

    // Matched by header: Name → Full Name, Email ID → Email IDs, Remarks → Motivation; "Contact" names no field.
    await expect(dialog.getByText(`sheet-${width}.csv: ${groupIndian(ROWS)} rows, 4 columns. Matched by the column names: check each field.`)).toBeVisible({ timeout: 60_000 });
    const field = (name: string) => dialog.getByRole("combobox", { name: new RegExp(`^${name.replace(/[?.]/g, "\\$&")}( \\(required\\))?$`) });
    await expect(field("Full Name")).toHaveValue("0");
    await expect(field("Email IDs")).toHaveValue("1");
    await expect(field("Motivation")).toHaveValue("3");
    await expect(field("Mobile")).toHaveValue("");
    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "nothing wider than the viewport").toBeLessThanOrEqual(width);

    // A required field left out is named; then the person maps Mobile ← Contact and Remarks to Action Items instead.
    await field("Email IDs").selectOption({ label: "Not imported" });
    await dialog.getByRole("button", { name: "Dry run" }).click();
    await expect(dialog.getByText("Choose the column that holds Email IDs: it is required")).toBeVisible();
    await field("Email IDs").selectOption({ label: "Email ID" });
    await field("Mobile").selectOption({ label: "Contact" });
    await field("Motivation").selectOption({ label: "Not imported" });
    await field("Action Items").selectOption({ label: "Remarks" });
    await expect(dialog.getByRole("button", { name: `Import ${groupIndian(ROWS)} rows` })).toBeDisabled();
    await dialog.getByLabel("Save this mapping").selectOption({ label: "For me, for files with these columns" });

    // The dry run: what would happen, nothing written.
    await dialog.getByRole("button", { name: "Dry run" }).click();
    const figures = dialog.getByTestId("dry-run");
    await expect(figures).toContainText(`Dry run (nothing written): ${groupIndian(ROWS - BAD.length)} would be created, 0 updated, 0 unchanged, ${BAD.length} rejected.`, { timeout: 240_000 });
    await expect(figures.getByText(`Row ${BAD[0]! + 2}, Email IDs: Not a valid email address`)).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // The import, then (at 1280 px) a reload while it writes: the page finds it again and shows rows written.
    await dialog.getByRole("button", { name: `Import ${groupIndian(ROWS)} rows` }).click();
    if (width === 1280) {
      await expect(dialog.getByTestId("import-progress")).toHaveText(written);
      await page.reload();
      const status = page.getByTestId("import-status");
      await expect(status).toHaveText(written);
      await expect(status).toBeHidden({ timeout: 780_000 });
    } else {
      const created = groupIndian(ROWS - BAD.length);
      await expect(dialog.getByText(`Synced ${created} records: ${created} new, 0 updated, 0 unchanged; ${BAD.length} rows not imported.`)).toBeVisible({ timeout: 120_000 });
      expect(await violations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
    }

    // The same columns next time: the mapping saved for this person comes back.
    await page.getByRole("button", { name: "Import CSV Data" }).click();
    await dialog.getByLabel("CSV file (or XLSX)").setInputFiles({ name: "again.csv", mimeType: "text/csv", buffer: Buffer.from(`Remarks,Contact,Email ID,Name\nHi,9876500001,again.${tag}@example.com,Again\n`) });
    await dialog.getByRole("button", { name: "Map columns" }).click();
    await expect(dialog.getByText("again.csv: 1 row, 4 columns. Your saved mapping for these columns.")).toBeVisible({ timeout: 60_000 });
    await expect(field("Mobile")).toHaveValue("1");
    await expect(field("Action Items")).toHaveValue("0");
  });
}
