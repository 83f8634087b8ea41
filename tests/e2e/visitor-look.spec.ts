import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./support";

const header = (page: Page) => page.locator("body > div > header");

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the mobile menu closes on Escape and on a click outside, and gives focus back to its button", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const menu = page.getByRole("navigation", { name: "Mobile" });

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "About" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    // A click inside the menu's own header does not close it; one on the page below does.
    await header(page).getByRole("link", { name: "Founder's Find" }).first().hover();
    await page.mouse.click(180, 700);
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("the five figure cards sit two then three: 24/7 is never alone on a row", async ({ page }) => {
    for (const path of ["/", "/founders-find"]) {
      await page.goto(path);
      const top = (value: string) =>
        page.locator("dl dd", { hasText: value }).first().evaluate((el) => Math.round(el.getBoundingClientRect().top));
      expect(await top("6 weeks"), path).toBe(await top("85%"));
      expect(await top("4.8/5"), path).toBe(await top("24/7"));
      expect(await top("90%"), path).toBe(await top("24/7"));
      expect(await top("24/7"), path).toBeGreaterThan(await top("85%"));
    }
  });
});

test("#apply and #application open /founders-find with the heading below the fixed header", async ({ page }) => {
  for (const hash of ["#apply", "#application"]) {
    await page.goto("/");
    await page.goto(`/founders-find${hash}`);
    await waitForHydration(page);
    const heading = page.getByRole("heading", { name: "Apply for the Next Cohort" });
    await expect(heading).toBeInViewport();
    const headerBottom = await header(page).evaluate((el) => el.getBoundingClientRect().bottom);
    await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top), { message: hash }).toBeGreaterThanOrEqual(headerBottom);
  }
});

test("without a calendar, Book a call says why it opens Contact Us", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Book a call" });
  await expect(button).toHaveAccessibleDescription(/Online booking is not open yet/);
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  await expect(dialog).toHaveAccessibleDescription(/Online booking is not open yet/);
  await expect(dialog.getByLabel("Subject")).toHaveValue("Book a call");
});

test("the home page and the program page show a sample report, labelled as one, in their first HTML", async ({ page, request }) => {
  for (const path of ["/", "/founders-find"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('data-testid="sample-report"');
    expect(html, path).toMatch(/<svg viewBox="[^"]+"[^>]*>(?:(?!<\/svg>).)*<polygon/);

    await page.goto(path);
    const sample = page.getByRole("complementary", { name: "Sample candidate report" });
    await expect(sample.getByText("Sample report", { exact: true })).toBeVisible();
    // The dashboard's report card…
    const card = sample.getByRole("article");
    await expect(card.getByRole("heading", { name: "Founder's Office Diagnostic" })).toBeVisible();
    await expect(card.getByText("74%", { exact: true })).toBeVisible();
    await expect(card.getByText("Good", { exact: true })).toBeVisible();
    // …and the report's radar chart, six axes, its figures in a table for screen readers.
    const chart = sample.getByRole("figure", { name: /Sample: average score on each of the six dimensions/ });
    await expect(chart.locator("svg").first()).toBeVisible();
    await expect(chart.getByRole("row")).toHaveCount(7);
    await expect(chart.getByRole("row", { name: /Strategy/ })).toContainText("8.2 / 10");
  }
});

test("the sample report's chart is as tall in the first HTML as after the browser fits it to its card", async ({ browser }) => {
  for (const width of [360, 1280]) {
    const heights: number[] = [];
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto("/");
      if (javaScriptEnabled) await waitForHydration(page);
      const chart = page.getByTestId("sample-report").getByRole("figure").locator("svg").first();
      heights.push(await chart.evaluate((el) => el.getBoundingClientRect().height));
      await context.close();
    }
    // A chart that changed height on hydration moved every section below it (and an anchor scroll).
    expect(Math.abs(heights[0]! - heights[1]!), `at ${width} px: ${heights.join(" vs ")}`).toBeLessThanOrEqual(1);
  }
});

test("demo mentors have illustrated portraits stored as our WebP images", async ({ page }) => {
  await page.goto("/founders-find");
  const portraits = page.locator("#mentors").getByTestId("mentor-portrait");
  await expect(portraits).toHaveCount(4);
  for (const portrait of await portraits.all()) {
    await portrait.scrollIntoViewIfNeeded();
    await expect(portrait).toHaveAttribute("src", /^\/api\/images\/[0-9a-f]{32}-640\.webp$/);
    await expect(portrait).toHaveAttribute("srcset", /-160\.webp 160w/);
    await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
});

test("library cards show artwork drawn from their tags, not their title", async ({ page }) => {
  await page.goto("/simulations");
  const card = page.locator("#simulation-founder-s-office-diagnostic");
  const art = card.locator("img");
  await expect(art).toHaveAttribute("src", /^\/api\/images\/[0-9a-f]{32}-400\.webp$/);
  await expect(art).toHaveAttribute("srcset", /-800\.webp 2x$/);
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The artwork is a picture, not the title again: the title is only in the card's heading.
  await expect(card.getByText("Founder's Office Diagnostic")).toHaveCount(1);
});

test("a card whose image fails to load shows the title's first 20 characters on a gradient", async ({ browser, baseURL }) => {
  // A new browser context: the images above are cached for a year and would not be asked for again.
  const page = await browser.newPage({ baseURL });
  await page.route(/\/api\/images\/.*-(400|800)\.webp$/, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/simulations");
  await waitForHydration(page);
  const placeholder = page.locator("#simulation-category-manager-festive-season-launch").getByTestId("image-placeholder");
  await expect(placeholder).toHaveText("Category Manager: Fe");
  await expect(placeholder).toHaveCSS("background-image", /linear-gradient/);
  await page.close();
});

test("the library's first HTML holds its first cards, and the browser draws every card from the page's data", async ({ page, request }) => {
  const total = ((await (await request.get("/api/simulations")).json()) as unknown[]).length;
  const html = await (await request.get("/simulations")).text();
  expect(html.match(/<article /g)?.length).toBe(Math.min(total, 6));
  await page.goto("/simulations");
  await waitForHydration(page);
  await expect(page.locator("article.sim-card")).toHaveCount(total);
  const all = await (await request.get("/simulations?all")).text();
  expect(all.match(/<article /g)?.length).toBe(total);
});

test("Inter is preloaded and draws the text, with a metric-matched fallback while it loads", async ({ page }) => {
  await page.goto("/");
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute("href", /^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  await expect(preload).toHaveAttribute("crossorigin", "anonymous");
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable", "Inter Fallback"/);
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"') && document.fonts.status)).toBe("loaded");
  const css = await page.locator("#app-css").textContent();
  expect(css).toContain("font-display:swap");
  expect(css).toMatch(/font-family:"Inter Fallback";src:local\("Arial"\).*size-adjust:107.12%/);
});
