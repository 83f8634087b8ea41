import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { expectInline } from "./crm-inline";
import { MANY_LEADS, MANY_LEADS_WORD } from "./seed-many-leads";
import { expectToast, moreShown, shownCount, signIn } from "./support";

// Issue 21 item 6: "Load more" page after page up to 5,000 leads (seeded by seed-many-leads.ts). The
// DOM keeps a bounded number of rows and no drop-down until one is asked for, whatever the number
// loaded; the 5,000th lead is reached with the keyboard and changed inline, on a phone and a laptop.

const TARGET = 5_000;
/** Rows (or cards) in the DOM at once: those near a window 900 px high, whatever the number loaded. */
const MAX_ROWS = 60;
/** Every element of the Leads section: a bound that a list of all 5,000 rows would exceed hundreds of times. */
const MAX_ELEMENTS = 4_000;

async function openMany(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expect(page).toHaveURL(/\/crm$/);
  await page.goto(`/crm?q=${MANY_LEADS_WORD}`);
}

/** What the Leads section holds now: rows of the table or cards, drop-downs, and elements. */
const census = (leads: Locator) =>
  leads.evaluate((section) => ({
    rows: section.querySelectorAll("tbody tr[aria-rowindex], li").length,
    selects: section.querySelectorAll("select").length,
    elements: section.querySelectorAll("*").length,
  }));

for (const width of [360, 1280]) {
  test(`at ${width} px, ${TARGET.toLocaleString("en-IN")} leads by Load more keep the DOM bounded, and the last is edited inline by keyboard`, async ({ page }) => {
    test.setTimeout(600_000);
    // More seeded than loaded, so Load more is still there to come back from.
    expect(MANY_LEADS).toBeGreaterThan(TARGET);
    await openMany(page, width);
    const leads = page.getByRole("region", { name: "Leads" });
    const showing = leads.getByText(/^Showing [\d,]+ of/);
    const loadMore = leads.getByRole("button", { name: "Load more" });
    await expect(showing).toBeVisible();

    // The keyboard's way: focus on Load more, Enter page after page; the focus stays on the button.
    await loadMore.focus();
    for (let shown = await shownCount(showing); shown < TARGET; ) {
      await page.keyboard.press("Enter");
      await moreShown(showing, shown);
      await expect(loadMore).toBeFocused();
      shown = await shownCount(showing);
      if (shown % 1000 === 0) {
        const now = await census(leads);
        expect(now.rows, `rows in the DOM at ${shown} loaded`).toBeLessThanOrEqual(MAX_ROWS);
        expect(now.selects, `drop-downs at ${shown} loaded`).toBe(0);
        expect(now.elements, `elements at ${shown} loaded`).toBeLessThanOrEqual(MAX_ELEMENTS);
      }
    }
    await expect(showing).toHaveText(new RegExp(`^Showing ${TARGET.toLocaleString("en-IN")} of ${MANY_LEADS.toLocaleString("en-IN")}$`));

    // Load more stayed in view: the rows drawn are the last ones, just above it.
    const positionOf = width >= 1280 ? "aria-rowindex" : "aria-posinset";
    const lastPosition = String(width >= 1280 ? TARGET + 1 : TARGET);
    const row = page.locator(`[${positionOf}="${lastPosition}"]`);
    await expect(row).toBeVisible();

    // Back from Load more to the last lead's Priority field, by keyboard alone.
    for (let presses = 0; presses < 10; presses++) {
      await page.keyboard.press("Shift+Tab");
      const name = await page.evaluate(() => document.activeElement?.textContent ?? "");
      if (name.startsWith("Priority of ")) break;
    }
    const field = page.locator(":focus");
    await expect(field).toHaveAccessibleName(/^Priority of Window Row \d{4}: (Medium|High|Low)$/);
    const lead = (await field.textContent())!.match(/^Priority of (Window Row \d{4}):/)![1]!;
    await expect(row).toContainText(lead);
    const before = (await field.textContent())!.split(": ")[1]!;
    const after = before === "Low" ? "High" : "Low";

    // Enter puts the drop-down there, focused; the keyboard picks a value and Enter saves it.
    await page.keyboard.press("Enter");
    const select = row.getByRole("combobox", { name: `Priority of ${lead}`, exact: true });
    await expect(select).toBeFocused();
    expect((await census(leads)).selects).toBe(1);
    await page.keyboard.type(after);
    await page.keyboard.press("Enter");
    await expectToast(page, "Lead updated");
    await expectInline(row, "Priority", lead, after);
    await expect(row.getByRole("button", { name: `Priority of ${lead}: ${after}` })).toBeFocused();
    expect((await census(leads)).selects).toBe(0);
  });
}
