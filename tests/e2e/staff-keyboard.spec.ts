import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { inlineButton, openInline } from "./crm-inline";
import { expectToast, signIn } from "./support";

// Where the focus goes on the staff screens after a dialog, a refused form or a vanishing button: back
// to where the person was, or to what they must fix — never to the top of the page.

/** A lead of this test's own, found by a search for its word. */
async function crmWithLead(page: Page, word: string) {
  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expect(page).toHaveURL(/\/crm$/);
  const name = `Focus ${word}`;
  expect((await page.request.post("/api/crm/leads", { data: { fullName: name, email: `${word}@example.com` } })).status()).toBe(201);
  await page.getByRole("searchbox", { name: "Search leads" }).fill(word);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(2);
  return { name, table };
}

test("CRM: after Edit and Save, and after cancelling the Closed Won batch, the focus is back on the control that opened it; Clear Filters leaves it in the search box", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const word = `focus${Date.now().toString(36)}`;
  const { name, table } = await crmWithLead(page, word);

  const edit = table.getByRole("button", { name: `Edit ${name}` });
  await edit.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Edit Lead - ${name}` });
  await dialog.getByLabel("Notes").fill("Asked for the brochure again");
  await dialog.getByLabel("Payment Page").fill("https://pay.example.com/ff-token");
  await dialog.getByLabel("Txn Reference").fill("UTR 4471 0092");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  // What was saved is in the lead's Payment Information (spec §2.4: "a payment page link"). On a short
  // window the detail scrolls, its Close and Edit Lead held at its foot.
  await page.setViewportSize({ width: 1280, height: 560 });
  await table.getByRole("button", { name, exact: true }).click();
  const detail = page.getByRole("dialog", { name });
  await expect(detail.getByRole("button", { name: "Edit Lead" })).toBeInViewport();
  expect(await detail.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await expect(detail.getByRole("link", { name: "Open payment page" })).toHaveAttribute("href", "https://pay.example.com/ff-token");
  await expect(detail.getByText("UTR 4471 0092").first()).toBeVisible();
  await detail.press("Escape");
  await expect(table.getByRole("button", { name, exact: true })).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 900 });

  // The status's drop-down is gone once a choice is made; the button in its place takes the focus back.
  const stage = await openInline(table, "Stage", name);
  await stage.selectOption("Connected");
  await expectToast(page, "Lead updated");
  const status = await openInline(table, "Status", name);
  await status.selectOption("CW - Token");
  const batch = page.getByRole("dialog", { name: "Assign Batch ID - Closed Won Lead" });
  await batch.press("Escape");
  await expect(batch).toBeHidden();
  await expect(inlineButton(table, "Status", name)).toBeFocused();

  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page.getByRole("searchbox", { name: "Search leads" })).toBeFocused();
});

test("Simulation Admin: View details closes back onto its button; Create with nothing filled in puts the focus on Title", async ({ page }) => {
  await page.goto("/simulation-admin");
  await signIn(page, ACCOUNTS.content);
  const view = page.getByRole("table", { name: "Simulations" }).getByRole("button", { name: /^View details of / }).first();
  await view.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(view).toBeFocused();

  await page.getByRole("button", { name: "Create New Simulation" }).click();
  const form = page.getByRole("dialog", { name: "Create New Simulation" });
  await form.getByRole("button", { name: "Create Simulation" }).click();
  await expect(form.getByLabel("Title *", { exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Create New Simulation" })).toBeFocused();
});

test("the admin dashboard keeps its tab in the address, keeps unsaved mentor edits across tabs, and a new mentor saves without a picture", async ({ page }) => {
  await page.goto("/admin?tab=mentors");
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByRole("tab", { name: "Mentors" })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "Mentors" });
  const groups = panel.getByRole("group", { name: /^Mentor \d+$/ });
  const before = await groups.count();

  await panel.getByRole("button", { name: "Add Mentor" }).click();
  const added = groups.nth(before);
  // The new mentor's Name takes the focus: typing replaces nothing else.
  await expect(added.getByLabel("Name")).toBeFocused();
  const name = `Unsaved ${Date.now().toString(36)}`;
  await added.getByLabel("Name").fill(name);

  await page.getByRole("tab", { name: "Downloads" }).click();
  await expect(page).toHaveURL(/[?&]tab=downloads\b/);
  await page.getByRole("tab", { name: "Mentors" }).click();
  await expect(added.getByLabel("Name")).toHaveValue(name);

  await panel.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Mentors updated");
  await page.reload();
  await expect(page.getByRole("tab", { name: "Mentors" })).toHaveAttribute("aria-selected", "true");
  await expect(groups.nth(before).getByLabel("Name")).toHaveValue(name);
  // The public card shows the initials where a picture will go.
  const publicPage = await page.context().newPage();
  await publicPage.goto("/founders-find");
  await expect(publicPage.getByRole("heading", { name, level: 3 })).toBeVisible();
  await publicPage.close();

  // Left as the other tests found it.
  await groups.nth(before).getByRole("button", { name: `Remove mentor ${before + 1}` }).click();
  await panel.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Mentors updated");
});

test("a staff header link is marked as the current page", async ({ page }) => {
  await page.goto("/admin/inbox");
  await signIn(page, ACCOUNTS.admin);
  const nav = page.getByRole("navigation", { name: "Staff" });
  await expect(nav.getByRole("link", { name: "Inbox" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Newsletter" })).not.toHaveAttribute("aria-current", "page");
});
