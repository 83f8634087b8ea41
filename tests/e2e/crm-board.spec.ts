// Issue 23 §1: the board (drag by mouse and by keyboard, "Move to…", Closed Won via the Batch ID modal,
// Cancel puts the card back) and bulk actions over all leads matching a filter, at 1280 px and 360 px.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { expectToast, signIn } from "./support";
import { violations } from "./axe";
import { COUNT_LATER_INCORRECT, COUNT_LATER_WORD } from "./seed-many-leads";

test.describe.configure({ mode: "serial" });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A word only this run's leads hold (letters only: digits would also match mobiles). */
const tagOf = (prefix: string) => `${prefix}${Date.now().toString(36).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;

async function openCrm(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expect(page).toHaveURL(/\/crm$/);
  await page.goto(path);
}

async function addLeads(page: Page, tag: string, names: string[]) {
  for (const [i, name] of names.entries()) {
    const response = await page.request.post("/api/crm/leads", { data: { fullName: `${name} ${tag}`, email: `${tag}.${i}@example.com` } });
    expect(response.status(), await response.text()).toBe(201);
  }
}

const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);
const card = (scope: Page | Locator, name: string) => scope.locator("[data-lead-card]").filter({ hasText: name });

/** Drags a card by its handle onto a column with the mouse. */
async function dragByMouse(page: Page, name: string, stage: string) {
  const handle = card(page, name).getByRole("button", { name: /^Drag / });
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await column(page, stage).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
  // dnd-kit swallows every click for 50 ms after a drop (the one that ends a drag must not open the
  // card), from a timer it sets on pointer up. A person's next click comes later; a test's can come
  // first (a CI run's Cancel was lost so, the dialog left open). A 50 ms timer set now fires after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

test("board at 1280 px: drag by mouse and by keyboard, Cancel puts the card back, Closed Won via the Batch ID modal", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = tagOf("boardlead");
  await openCrm(page, 1280, "/crm");
  await addLeads(page, tag, ["Asha", "Bala", "Chitra"]);
  await page.goto(`/crm?q=${tag}&layout=board`);
  await expect(page.getByRole("button", { name: "Board" })).toHaveAttribute("aria-pressed", "true");
  await expect(column(page, "New").getByRole("heading")).toHaveText("New (3)");
  await expect(column(page, "Connected").getByRole("heading")).toHaveText("Connected (0)");

  // By mouse to Connected, then a status of that stage.
  await dragByMouse(page, `Asha ${tag}`, "Connected");
  const move = page.getByRole("dialog", { name: `Move Asha ${tag} to Connected` });
  await expect(move).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await move.getByRole("radio", { name: "Pitched" }).check();
  // A saved move reads the board again: the checks below are of the board as stored (on the embedded
  // database the read can take a second or two).
  const reread = page.waitForResponse((response) => response.url().includes("/api/crm/board") && response.request().method() === "GET");
  await move.getByRole("button", { name: "Move" }).click();
  await expectToast(page, "Lead updated");
  await reread;
  await expect(card(column(page, "Connected"), `Asha ${tag}`)).toContainText("Pitched");
  await expect(column(page, "Connected").getByRole("heading")).toHaveText("Connected (1)");

  // Cancel puts it back.
  await dragByMouse(page, `Bala ${tag}`, "Incorrect");
  await expect(card(column(page, "Incorrect"), `Bala ${tag}`)).toBeVisible();
  await page.getByRole("dialog", { name: `Move Bala ${tag} to Incorrect` }).getByRole("button", { name: "Cancel" }).click();
  await expect(card(column(page, "New"), `Bala ${tag}`)).toBeVisible();
  await expect(card(column(page, "Incorrect"), `Bala ${tag}`)).toHaveCount(0);

  // By keyboard: Space picks it up, an arrow goes to the next stage, Space drops it. The arrow is
  // pressed as soon as the pick-up is announced, before dnd-kit's keyboard sensor listens (it starts
  // in a timer, and Chromium runs input first): the arrow is held until then, not lost (drag-keys.ts).
  const announced = (text: string) => expect(page.getByRole("status").filter({ hasText: text })).toBeAttached();
  await card(page, `Bala ${tag}`).getByRole("button", { name: /^Drag / }).focus();
  await page.keyboard.press("Space");
  await announced(`Bala ${tag} is over New.`);
  await page.keyboard.press("ArrowRight");
  await announced(`Bala ${tag} is over Not Connected.`);
  await page.keyboard.press("Space");
  const byKeyboard = page.getByRole("dialog", { name: `Move Bala ${tag} to Not Connected` });
  await expect(byKeyboard).toBeVisible();
  await expect(byKeyboard.getByRole("radio", { name: "Call Back" })).toBeFocused();
  await page.keyboard.press("ArrowDown"); // Call Back → DNR 1
  await page.keyboard.press("Enter");
  await expectToast(page, "Lead updated");
  await expect(card(column(page, "Not Connected"), `Bala ${tag}`)).toContainText("DNR 1");

  // "Move to…" and a Closed Won status: the Batch ID modal; its Cancel puts the card back too.
  const chitra = card(page, `Chitra ${tag}`);
  await chitra.getByRole("button", { name: /Move to…/ }).click();
  await page.getByRole("menuitem", { name: "Connected", exact: true }).click();
  const toConnected = page.getByRole("dialog", { name: `Move Chitra ${tag} to Connected` });
  await toConnected.getByRole("radio", { name: /Closed Won - Paid Full/ }).check();
  await toConnected.getByRole("button", { name: "Move" }).click();
  const batch = page.getByRole("dialog", { name: "Assign Batch ID - Closed Won Lead" });
  await expect(batch).toBeVisible();
  await batch.getByRole("button", { name: "Cancel" }).click();
  await expect(card(column(page, "New"), `Chitra ${tag}`)).toBeVisible();

  await card(page, `Chitra ${tag}`).getByRole("button", { name: /Move to…/ }).click();
  await page.getByRole("menuitem", { name: "Connected", exact: true }).click();
  await page.getByRole("radio", { name: /Closed Won - Paid Full/ }).check();
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await batch.getByLabel("Batch ID").fill("FF-2026-11");
  await batch.getByRole("button", { name: "Convert to Closed Won - Paid Full" }).click();
  await expectToast(page, "Lead updated");
  // A Paid User now: gone from the Active Leads board, on the Paid Users one.
  await expect(card(page, `Chitra ${tag}`)).toHaveCount(0);
  await page.getByRole("button", { name: /^Paid Users/ }).click();
  await expect(card(column(page, "Connected"), `Chitra ${tag}`)).toBeVisible();
  await expect(page).toHaveURL(/layout=board/);

  expect(await violations(page)).toEqual([]);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test("board: a search with many matches shows its cards first, then the exact count of a column the sample cannot estimate", async ({ page }) => {
  await openCrm(page, 1280, "/crm");
  const counted = page.waitForResponse((response) => response.url().includes("/api/crm/board/counts?") && response.status() === 200);
  await page.goto(`/crm?q=${COUNT_LATER_WORD}&layout=board`);
  await expect(card(column(page, "Incorrect"), "Count Later 00040")).toBeVisible();
  await counted;
  await expect(column(page, "Incorrect").getByRole("heading")).toHaveText(`Incorrect (${COUNT_LATER_INCORRECT})`);
  await expect(column(page, "Incorrect")).toContainText("₹40,000");
  // New is common in the sample: "about", as the list says it, with no sum.
  await expect(column(page, "New").getByRole("heading")).toHaveText(/^New \(about [\d,]+\)$/);
});

test("bulk at 360 px: tick a card, select all leads matching the filter, set their priority; board fits and is axe-clean", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = tagOf("bulklead");
  await openCrm(page, 360, "/crm");
  await addLeads(page, tag, ["Dev", "Esha", "Farah", "Gita", "Hari"]);
  await page.goto(`/crm?q=${tag}`);
  // The cards are drawn near the window only: bring the list into view first.
  await page.locator('section[aria-label="Leads"]').scrollIntoViewIfNeeded();
  await page.getByRole("checkbox", { name: `Select Hari ${tag}` }).check(); // the newest, first in the list
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar).toContainText("1 lead selected");
  await bar.getByRole("button", { name: "Select all 5 leads matching this filter" }).click();
  await expect(bar).toContainText("All 5 leads matching this filter are selected");
  await bar.getByLabel("Action").selectOption("priority");
  await bar.getByLabel("New priority").selectOption("Low");
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await violations(page)).toEqual([]);
  await bar.getByRole("button", { name: "Apply to 5 leads" }).click();
  await expect(bar.getByRole("status")).toContainText("Priority: Low: 5 changed, 0 skipped.");
  const list = await (await page.request.get(`/api/crm/leads?q=${tag}`)).json();
  expect(list.leads.map((l: { priority: string }) => l.priority)).toEqual(["Low", "Low", "Low", "Low", "Low"]);

  await page.goto(`/crm?q=${tag}&layout=board`);
  await expect(column(page, "New").getByRole("heading")).toHaveText("New (5)");
  await expect(card(page, `Dev ${tag}`)).toContainText("Low");
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await violations(page)).toEqual([]);
});

test("bulk at 1280 px: tick all shown rows, delete with a confirmation naming the count", async ({ page }) => {
  test.setTimeout(90_000);
  const tag = tagOf("bulkgone");
  await openCrm(page, 1280, "/crm");
  await addLeads(page, tag, ["Ira", "Jai", "Kavya"]);
  await page.goto(`/crm?q=${tag}`);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(4);
  await page.getByRole("checkbox", { name: "Select all shown leads" }).check();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar).toContainText("3 leads selected");
  await bar.getByLabel("Action").selectOption("delete");
  await bar.getByRole("button", { name: "Delete 3 leads" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Leads" });
  await expect(confirm).toContainText("Are you sure you want to delete 3 leads?");
  await confirm.getByRole("button", { name: "Delete 3 leads" }).click();
  await expect(bar.getByRole("status")).toContainText("Delete: 3 changed, 0 skipped.");
  await expect(page.getByText("No leads found")).toBeVisible();
});

test("board at 360 px with 150 leads in a stage: Load more pages the column, a move keeps the cards loaded, and the page fits", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = tagOf("boardmany");
  await openCrm(page, 360, "/crm");
  const names = Array.from({ length: 150 }, (_, i) => `Card${i} ${tag}`);
  // Ten at a time, oldest first: Card149 is the newest, first in its column.
  for (let i = 0; i < names.length; i += 10) {
    await Promise.all(
      names.slice(i, i + 10).map(async (fullName, j) => {
        const response = await page.request.post("/api/crm/leads", { data: { fullName, email: `${tag}.${i + j}@example.com` } });
        expect(response.status(), await response.text()).toBe(201);
      }),
    );
  }
  await page.goto(`/crm?q=${tag}&layout=board`);
  const fresh = column(page, "New");
  await expect(fresh.getByRole("heading")).toHaveText("New (150)");
  const cards = fresh.locator("[data-lead-card]");
  await expect(cards).toHaveCount(20);
  for (const shown of [40, 60, 80]) {
    await fresh.getByRole("button", { name: "Load more" }).click();
    await expect(cards).toHaveCount(shown);
  }
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // A card from the loaded run moves; the board reads its columns again and the loaded cards stay.
  const mover = `Card100 ${tag}`;
  await card(fresh, mover).getByRole("button", { name: /Move to…/ }).click();
  await page.getByRole("menuitem", { name: "Connected", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Move ${mover} to Connected` });
  await dialog.getByRole("radio", { name: "Pitched" }).check();
  const reread = page.waitForResponse((response) => response.url().includes("/api/crm/board") && response.request().method() === "GET");
  await dialog.getByRole("button", { name: "Move" }).click();
  await expectToast(page, "Lead updated");
  await reread;
  await expect(fresh.getByRole("heading")).toHaveText("New (149)");
  await expect(card(column(page, "Connected"), mover)).toContainText("Pitched");
  // Card149 … Card70 less the one moved, and the next lead after the loaded run (the newest of Card60 …
  // Card69, which were added ten at a time, in no order among themselves) fills its place.
  await expect(cards).toHaveCount(80);
  await expect(card(fresh, `Card70 ${tag}`)).toBeVisible();
  await expect(cards.filter({ hasText: new RegExp(`Card6\\d ${tag}`) })).toHaveCount(1);
  await expect(card(fresh, mover)).toHaveCount(0);
  await fresh.getByRole("button", { name: "Load more" }).click();
  await expect(cards).toHaveCount(100);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await violations(page)).toEqual([]);
});
