import { expect, test, type Page } from "@playwright/test";
import { newestMail, postFixtureReport } from "./reports-support";
import { expectToast, toastRegion, uniqueEmail, waitForHydration } from "./support";

// What a visitor walking the site by mouse, touch or keyboard found off (a walk on 2026-11-29): where a
// jump or a step leaves them, what a refusal says, where the focus goes.

const wizard = (page: Page) => page.locator("#application");

async function fillSteps1To3(page: Page, firstName: string) {
  const w = wizard(page);
  await w.getByLabel("First Name *").fill(firstName);
  await w.getByLabel("Last Name *").fill("Walker");
  await w.getByLabel("Email *").fill(uniqueEmail("walker"));
  await w.getByLabel("LinkedIn Profile URL *").fill("linkedin.com/in/walker");
  await w.getByRole("button", { name: "Continue", exact: true }).click();
  await w.getByLabel("Current Role *").selectOption("student");
  await w.getByLabel("Experience *").selectOption("0");
  await w.getByLabel("Why do you want to join Founder's Find? *").fill("To learn how a founder's office runs.");
  await w.getByRole("button", { name: "Continue", exact: true }).click();
  await w.getByLabel("Category Manager").check();
  await w.getByRole("button", { name: "Continue", exact: true }).click();
}

for (const width of [360, 1280]) {
  test(`at ${width} px the hero's Apply Now lands on the form, each step starts at its heading, and a long name cannot push Submit out of reach`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/founders-find");
    await waitForHydration(page);
    await page.locator("main").getByRole("link", { name: "Apply Now" }).first().click();
    await expect(page).toHaveURL(/#application$/);
    await expect(wizard(page).getByRole("heading", { name: "Basic Information" })).toBeInViewport();

    // A first name of 300 characters without a space: the field keeps the 100 the server accepts.
    await fillSteps1To3(page, "A".repeat(300));
    await expect(wizard(page).getByLabel("Category Manager")).toHaveCount(0);
    const step4 = wizard(page).getByRole("heading", { name: "Sample Simulation" });
    await expect(step4).toBeFocused();
    await expect(step4).toBeInViewport();
    await wizard(page).getByRole("checkbox").first().check();
    await wizard(page).getByRole("checkbox").nth(1).check();
    await wizard(page).getByRole("button", { name: "Continue to Review", exact: true }).click();
    await expect(wizard(page).getByText(`${"A".repeat(100)} Walker`, { exact: true })).toBeVisible();
    const submit = wizard(page).getByRole("button", { name: "Submit Application" });
    await submit.scrollIntoViewIfNeeded();
    const box = (await submit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test("the brochure form says which field the server refused, at the field", async ({ page }) => {
  await page.goto("/founders-find");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Download Brochure" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Download Program Brochure" });
  await dialog.getByLabel("Full Name *").fill("Walk Visitor");
  // Has an "@", so the browser-side check lets it through; the server does not.
  await dialog.getByLabel("Email Address *").fill("walkvisitor@x");
  await dialog.getByLabel("Mobile Number *").fill("9876543210");
  await dialog.getByRole("button", { name: "Download Brochure" }).click();
  const email = dialog.getByLabel("Email Address *");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await expect(toastRegion(page)).toContainText("Failed to process your request. Please try again.");
  await email.fill("walk.visitor@example.com");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
});

test("an empty Contact Us form puts the focus on its first field", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Contact Us" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog.getByRole("textbox").first()).toBeFocused();
  await expect(dialog.getByRole("textbox").first()).toHaveAttribute("aria-invalid", "true");
});

test("a simulation's dialog opens on itself, not on Cancel, and gives the focus back to its card", async ({ page }) => {
  await page.goto("/simulations");
  await waitForHydration(page);
  const open = page.getByRole("button", { name: /^Try/ }).first();
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(open).toBeFocused();
});

test("on a phone, Tab past the menu's last item closes the menu", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  const items = menu.locator("a, button");
  await items.last().focus();
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
});

test("a candidate: the earlier error toast goes once the code is sent; sharing moves the focus to Copy link; the report's tabs share one row at 360 px", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const email = uniqueEmail("walk-candidate");
  const slug = await postFixtureReport(request, email);

  // One code request only: the suite's candidate sign-ins all come from one address, near its limit.
  await page.goto(`/simulation-report/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Access Reports" }).click();
  await expectToast(page, "Please enter your email address");
  await page.getByRole("main").getByLabel("Email Address", { exact: true }).fill(email);
  const sentAfter = Date.now();
  await page.getByRole("button", { name: "Access Reports" }).click();
  await expect(page.getByLabel("6-digit code")).toBeVisible();
  await expect(toastRegion(page).getByText("Please enter your email address")).toHaveCount(0);
  const mail = await newestMail(page, email, /sign-in code is \d{6}/, sentAfter - 1_000);
  await page.getByLabel("6-digit code").fill(/sign-in code is (\d{6})/.exec(mail)![1]!);
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page).toHaveURL(new RegExp(`/simulation-report/${slug}$`));

  const [performance, simulation] = [page.getByRole("tab", { name: "Performance Analysis" }), page.getByRole("tab", { name: "Case Simulation" })];
  const [first, second] = await Promise.all([performance.boundingBox(), simulation.boundingBox()]);
  expect(second!.y).toBe(first!.y);

  const share = page.getByRole("button", { name: "Share a verified credential" });
  await share.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Copy link" })).toBeFocused();
});

test("the wizard says a wrong e-mail or LinkedIn link as the visitor leaves the field, and an edit clears it", async ({ page }) => {
  await page.goto("/founders-find");
  await waitForHydration(page);
  const w = wizard(page);
  const email = w.getByLabel("Email *");
  await email.fill("walkvisitor@@bad");
  await email.press("Tab");
  await expect(w.getByText("Please enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.fill("walk.visitor@example.com");
  await expect(w.getByText("Please enter a valid email address")).toHaveCount(0);
  await email.press("Tab");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");

  const linkedIn = w.getByLabel("LinkedIn Profile URL *");
  await linkedIn.fill("not a url");
  await linkedIn.press("Tab");
  await expect(w.getByText("Please enter a valid LinkedIn profile URL")).toBeVisible();
  // Continue still needs only filled-in fields (the spec); Submit is where the server decides.
  await w.getByLabel("First Name *").fill("Walk");
  await w.getByLabel("Last Name *").fill("Visitor");
  await expect(w.getByRole("button", { name: "Continue", exact: true })).toBeEnabled();
});
