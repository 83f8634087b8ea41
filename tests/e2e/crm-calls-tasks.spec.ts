// Issue 23: log a call in two clicks (row at 1280 px, card at 360 px), a lead's tasks in the detail,
// and My tasks with its counts and the daily digest switch, each screen checked with axe.
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { expectToast, signIn } from "./support";
import { violations } from "./axe";

const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const IST_MS = 5.5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A day in Kolkata, `offset` days from today, as YYYY-MM-DD. */
const kolkataDay = (offset = 0) => new Date(Date.now() + IST_MS + offset * DAY_MS).toISOString().slice(0, 10);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
/** "26 Nov 2026", the site's style. */
const shownDay = (day: string) => `${Number(day.slice(8))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/**
 * A sales owner of their own (so My tasks counts only this test's work), made by the admin through the
 * API, then signed in to the CRM in the browser at `width`.
 */
async function newOwner(page: Page, width: number) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  const admin = await page.request.post("/api/auth/login", { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
  expect(admin.status()).toBe(200);
  const owner = { email: `owner.${tag}@example.com`, name: `Priya ${tag}`, password: `owner-${tag}-password-1`, roles: ["sales"] as const };
  const created = await page.request.post("/api/staff", { data: owner });
  expect(created.status(), await created.text()).toBe(201);
  await page.request.post("/api/auth/logout");
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/crm-login");
  await signIn(page, owner, "Access CRM Dashboard");
  await expect(page).toHaveURL(/\/crm$/);
  return { tag, id: ((await created.json()) as { id: string }).id, name: owner.name };
}

async function addLead(page: Page, fields: Record<string, unknown>) {
  const response = await page.request.post("/api/crm/leads", { data: fields });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; fullName: string };
}

const search = async (page: Page, tag: string) => {
  await page.getByRole("searchbox", { name: "Search leads" }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
};

test.describe.configure({ mode: "serial" });

test("at 1280 px a call is logged from the row in two clicks: Last Call shows it, the detail's activity lists it", async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await newOwner(page, 1280);
  const lead = await addLead(page, { fullName: `Rohan ${owner.tag}`, email: `rohan.${owner.tag}@example.com`, leadOwner: owner.id });
  await search(page, owner.tag);
  const row = page.getByRole("row").filter({ hasText: lead.fullName });
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: `Log call with ${lead.fullName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Log a call - ${lead.fullName}` });
  await expect(dialog).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Call back" }).click();
  await expectToast(page, "Call logged");
  await expect(dialog).toBeHidden();
  // Last Call: today and a 24-hour time ("Added …" writes "2:00 pm", so the am/pm is excluded).
  await expect(row).toContainText(new RegExp(`${shownDay(kolkataDay())}, \\d{2}:\\d{2}(?! [ap]m)`));
  await fitsWidth(page, 1280);

  await row.getByRole("button", { name: lead.fullName, exact: true }).click();
  const detail = page.getByRole("dialog", { name: lead.fullName, exact: true });
  await expect(detail.getByText("Call logged: Call back")).toBeVisible();
  // A second call from the detail, with a note and the next follow-up: the row's version moved on and is sent.
  await detail.getByRole("button", { name: `Log call with ${lead.fullName}` }).click();
  const again = page.getByRole("dialog", { name: `Log a call - ${lead.fullName}` });
  await again.getByLabel("Note").fill("Wants the fee plan");
  await again.getByLabel("Next follow-up").fill(shownDay(kolkataDay(2)));
  await again.getByRole("button", { name: "Connected" }).click();
  await expectToast(page, "Call logged");
  await expect(detail.getByText(`Call logged: Connected · next follow-up ${shownDay(kolkataDay(2))} — Wants the fee plan`)).toBeVisible();
  await expect(detail.getByText(`Follow-up: ${shownDay(kolkataDay(2))}`)).toBeVisible();
});

test("at 360 px a call is logged from a card, then a task is added and completed in the detail", async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await newOwner(page, 360);
  const lead = await addLead(page, { fullName: `Meera ${owner.tag}`, email: `meera.${owner.tag}@example.com`, leadOwner: owner.id });
  await search(page, owner.tag);
  const card = page.getByRole("listitem").filter({ hasText: lead.fullName });
  await card.getByRole("button", { name: `Log call with ${lead.fullName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Log a call - ${lead.fullName}` });
  await fitsWidth(page, 360);
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "No answer" }).click();
  await expectToast(page, "Call logged");
  await expect(card.getByText(`Last call: ${shownDay(kolkataDay())}`, { exact: false })).toBeVisible();

  await card.getByRole("button", { name: `View ${lead.fullName}` }).click();
  const detail = page.getByRole("dialog", { name: lead.fullName, exact: true });
  await expect(detail.getByText("No tasks yet")).toBeVisible();
  const form = detail.getByRole("form", { name: "New task" });
  await form.getByLabel("Task", { exact: true }).fill("Send the fee plan");
  await form.getByLabel("Due time").fill("11:30");
  await form.getByRole("button", { name: "Add task" }).click();
  await expectToast(page, "Task added");
  const done = detail.getByRole("checkbox", { name: "Done: Send the fee plan" });
  await expect(done).not.toBeChecked();
  await expect(detail.getByText(`Due ${shownDay(kolkataDay(1))}, 11:30 am · ${owner.name}`)).toBeVisible();
  await fitsWidth(page, 360);
  expect(await violations(page)).toEqual([]);
  await done.click();
  await expect(done).toBeChecked();
  await expect(detail.getByText("Send the fee plan", { exact: true })).toHaveClass(/line-through/);
  // Done stays done when the detail is opened again, and the activity lists the task's adding and completion.
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: `View ${lead.fullName}` }).click();
  const again = page.getByRole("dialog", { name: lead.fullName, exact: true });
  await expect(again.getByRole("checkbox", { name: "Done: Send the fee plan" })).toBeChecked();
  await expect(again.getByText("Task done: Send the fee plan", { exact: true })).toBeVisible();
  await expect(again.getByText(`Task added: Send the fee plan · due ${shownDay(kolkataDay(1))}, 11:30 am`, { exact: true })).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`at ${width} px My tasks counts overdue, today and upcoming, links to the lead, and holds the digest switch`, async ({ page }) => {
    test.setTimeout(90_000);
    const owner = await newOwner(page, width);
    const late = await addLead(page, { fullName: `Late ${owner.tag}`, email: `late.${owner.tag}@example.com`, leadOwner: owner.id, followUpDate: kolkataDay(-1) });
    await addLead(page, { fullName: `Today ${owner.tag}`, email: `today.${owner.tag}@example.com`, leadOwner: owner.id, followUpDate: kolkataDay() });
    for (const [title, dueDate] of [["Chase the payment", kolkataDay(-1)], ["Demo call", kolkataDay(3)]] as const) {
      const task = await page.request.post(`/api/crm/leads/${late.id}/tasks`, { data: { title, dueDate, dueTime: "10:00" } });
      expect(task.status()).toBe(201);
    }
    await page.reload();
    await page.getByRole("link", { name: "My tasks (3 due)" }).click();
    await expect(page).toHaveURL(/\/crm\/tasks$/);
    await expect(page.getByRole("heading", { name: "My tasks" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "My tasks by due date" });
    await expect(tabs.getByRole("button", { name: "Overdue (2)" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("button", { name: "Today (1)" })).toBeVisible();
    await expect(tabs.getByRole("button", { name: "Upcoming (1)" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Follow up with ${late.fullName}` })).toBeVisible();
    await fitsWidth(page, width);
    expect(await violations(page)).toEqual([]);

    // Completing a task here takes it off the list and the count.
    await page.getByRole("checkbox", { name: "Done: Chase the payment" }).click();
    await expect(tabs.getByRole("button", { name: "Overdue (1)" })).toBeVisible();
    await tabs.getByRole("button", { name: "Upcoming (1)" }).click();
    await expect(page).toHaveURL(/bucket=upcoming/);
    await expect(page.getByRole("link", { name: "Demo call" })).toBeVisible();

    // The digest is the owner's own setting.
    const digest = page.getByRole("checkbox", { name: /E-mail me a daily digest at 9:00 am/ });
    await expect(digest).toBeChecked();
    await digest.uncheck();
    await expectToast(page, "Daily digest turned off");
    expect(await (await page.request.get("/api/crm/digest-setting")).json()).toEqual({ dailyDigest: false });

    // Each item links to its lead: the CRM opens with its detail.
    await page.getByRole("link", { name: "Demo call" }).click();
    await expect(page).toHaveURL(new RegExp(`/crm\\?lead=${late.id}$`));
    await expect(page.getByRole("dialog", { name: late.fullName, exact: true })).toBeVisible();
    await fitsWidth(page, width);
  });
}
