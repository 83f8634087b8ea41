// Issue 21 items 9 and 11: adding a lead by hand from the CRM (keyboard, 360 px), and /crm signed
// out answered by the server with a redirect to the CRM sign-in that comes back.
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, localPart } from "./accounts";
import { expectToast, signIn } from "./support";
import { violations } from "./axe";

const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test("/crm signed out is a server redirect to the CRM sign-in with the way back, which sign-in follows", async ({ page, request }) => {
  const answer = await request.get("/crm?view=paid", { maxRedirects: 0 });
  expect([302, 303]).toContain(answer.status());
  expect(answer.headers()["location"]).toBe("/crm-login?returnTo=%2Fcrm%3Fview%3Dpaid");
  expect(await answer.text()).not.toContain("Loading CRM...");

  await page.goto("/crm?view=paid");
  await expect(page).toHaveURL(/\/crm-login\?returnTo=%2Fcrm%3Fview%3Dpaid$/);
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expectToast(page, "Login successful", `Welcome to CRM Dashboard, ${localPart(ACCOUNTS.sales.email)}`);
  await expect(page).toHaveURL(/\/crm\?view=paid$/);
  await expect(page.getByRole("button", { name: /^Paid Users/ })).toHaveAttribute("aria-current", "page");
});

test("the CRM sign-in never returns to another site", async ({ page }) => {
  await page.goto("/crm-login?returnTo=%2F%2Fevil.example%2Fcrm");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/crm$/);
});

test("a signed-in staff member without sales or admin still gets the no-access screen at /crm", async ({ page }) => {
  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.content, "Access CRM Dashboard");
  await expect(page.getByRole("heading", { name: "No access to the CRM" })).toBeVisible();
  const answer = await page.request.get("/crm", { maxRedirects: 0 });
  expect(answer.status()).toBe(200);
  await page.goto("/crm");
  await expect(page.getByRole("heading", { name: "No access to the CRM" })).toBeVisible();
});

test("on a 360 px phone, sales adds a lead by keyboard: a mobile another lead has is refused by the field, then the lead is in the list", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/crm");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expect(page).toHaveURL(/\/crm$/);
  const stamp = Date.now().toString().slice(-7);
  // Another lead already has this mobile (stored with +91).
  const holder = await page.request.post("/api/crm/leads", { data: { fullName: `Holder ${stamp}`, email: `holder.${stamp}@example.com`, mobile: `+91 981${stamp}` } });
  expect(holder.status()).toBe(201);

  const add = page.getByRole("button", { name: "Add lead" });
  await add.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add lead" });
  await expect(dialog).toBeVisible();
  const name = `Keyboard Lead ${stamp}`;
  await expect(dialog.getByLabel("Full Name")).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(`keyboard.${stamp}@example.com`);
  await page.keyboard.press("Tab");
  await page.keyboard.type(`981${stamp}`);
  await noHorizontalScroll(page);
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press("Enter");

  // Refused by the field, naming the other lead; the keyboard is back on the field, the input kept.
  const mobile = dialog.getByLabel("Mobile");
  await expect(dialog.getByText(`Another lead already has this mobile: Holder ${stamp}`)).toBeVisible();
  await expect(mobile).toBeFocused();
  await expect(mobile).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Full Name")).toHaveValue(name);
  await noHorizontalScroll(page);

  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`982${stamp}`);
  await page.keyboard.press("Enter");
  await expectToast(page, "Lead added", `${name} is now in the CRM`);
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  const card = page.getByRole("list", { name: "Active leads" }).getByRole("listitem").filter({ hasText: name });
  await expect(card.getByRole("button", { name, exact: true })).toBeVisible();
  await expect(card.getByText(`+91 982${stamp.slice(0, 2)} ${stamp.slice(2)}`)).toBeVisible();
  await noHorizontalScroll(page);
});

test("at 1280 px a field's message does not stretch the field beside it: Full Name keeps its height while Email says the address is taken", async ({ page }) => {
  await page.goto("/crm");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expect(page).toHaveURL(/\/crm$/);
  const stamp = Date.now().toString(36);
  const taken = `taken.${stamp}@example.com`;
  expect((await page.request.post("/api/crm/leads", { data: { fullName: `Holder ${stamp}`, email: taken } })).status()).toBe(201);

  await page.getByRole("button", { name: "Add lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Add lead" });
  await dialog.getByLabel("Full Name").fill(`Second ${stamp}`);
  await dialog.getByLabel("Email").fill(taken);
  await dialog.getByRole("button", { name: "Add lead" }).click();
  await expect(dialog.getByText(`Another lead already has this email: Holder ${stamp}`)).toBeVisible();
  const [nameBox, emailBox] = await Promise.all([dialog.getByLabel("Full Name").boundingBox(), dialog.getByLabel("Email").boundingBox()]);
  expect(nameBox!.height).toBe(emailBox!.height);
  expect(nameBox!.y).toBe(emailBox!.y);
});
