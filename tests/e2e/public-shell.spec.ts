import { expect, test, type Page } from "@playwright/test";
import { toastRegion, waitForHydration } from "./support";

const header = (page: Page) => page.locator("body > div > header");

test("the header is transparent at the top and opaque once scrolled past 10 px", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(header(page)).toHaveAttribute("data-scrolled", "false");
  await expect(header(page)).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");

  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 300);
  await expect(header(page)).toHaveAttribute("data-scrolled", "true");
  await expect(header(page)).toHaveCSS("background-color", "rgb(255, 255, 255)");

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header(page)).toHaveAttribute("data-scrolled", "false");
});

test.describe("at 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu button opens and closes the mobile menu", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toHaveCount(0);

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Home", "For Employers", "For Aspirants", "Founder's Find", "Simulation Library", "My Reports", "About"]) {
      await expect(menu.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(header(page)).toHaveAttribute("data-scrolled", "true");

    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toHaveCount(0);
  });
});

test("'For Employers' on another page goes home and scrolls to the section", async ({ page }) => {
  await page.goto("/unsubscribe");
  await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await waitForHydration(page);

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "For Employers" }).click();
  await expect(page).toHaveURL(/\/$/);
  const section = page.locator("#for-employers");
  // Scrolled so the section's top sits just under the fixed header (scroll-mt-20 = 80 px).
  await expect.poll(() => section.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(80);
  await expect(page.getByRole("heading", { name: "For Employers" })).toBeInViewport();
  await expect(header(page)).toHaveAttribute("data-scrolled", "true");
});

test("F8 moves focus to the toast region", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  // The header's scroll state comes from an effect; once it shows, the toast viewport's F8 listener
  // (an effect of the same commit) is in place too.
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 100);
  await expect(header(page)).toHaveAttribute("data-scrolled", "true");

  const viewport = toastRegion(page).getByRole("list");
  await expect(viewport).not.toBeFocused();
  await page.keyboard.press("F8");
  await expect(viewport).toBeFocused();
});
