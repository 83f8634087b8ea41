import { expect, test } from "@playwright/test";
import { decode, waitForHydration } from "./support";

const PAGES = [
  { path: "/founders-find", title: "Founder's Find Program | Founder's Find", h1: "Founder's Find: become the generalist startups hire" },
  { path: "/about", title: "About Us | Founder's Find", h1: "About Founder's Find" },
  { path: "/privacy", title: "Privacy Policy | Founder's Find", h1: "Privacy Policy" },
  { path: "/terms", title: "Terms and Conditions | Founder's Find", h1: "Terms and Conditions" },
  { path: "/thank-you", title: "Application Submitted | Founder's Find", h1: "Application Submitted!" },
];

test("every public page arrives as HTML with its own title, description, canonical, Open Graph and Twitter tags", async ({ request, baseURL }) => {
  const descriptions = new Set<string>();
  for (const page of PAGES) {
    const response = await request.get(page.path);
    expect(response.status(), page.path).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    const attr = (pattern: RegExp) => decode(pattern.exec(head)?.[1]);
    expect(attr(/<title>([^<]*)<\/title>/), page.path).toBe(page.title);
    const description = attr(/<meta name="description" content="([^"]*)"/)!;
    expect(description.length, page.path).toBeGreaterThan(40);
    descriptions.add(description);
    expect(attr(/<link rel="canonical" href="([^"]*)"/)).toBe(new URL(page.path, baseURL).href);
    expect(attr(/<meta property="og:title" content="([^"]*)"/)).toBe(page.title);
    expect(attr(/<meta property="og:url" content="([^"]*)"/)).toBe(new URL(page.path, baseURL).href);
    expect(attr(/<meta name="twitter:title" content="([^"]*)"/)).toBe(page.title);
    expect(decode(html.slice(html.indexOf("<body")))).toContain(page.h1);
  }
  expect(descriptions.size).toBe(PAGES.length);
});

test("the mentors from the database are in the first HTML of /founders-find and /about", async ({ request }) => {
  for (const path of ["/founders-find", "/about"]) {
    const html = decode(await (await request.get(path)).text())!;
    expect(html, path).toContain("Learn From Industry Experts");
    for (const name of ["Ananya Iyer", "Rohan Mehta", "Kavya Nair", "Arjun Sethi"]) expect(html, path).toContain(name);
  }
});

test("the legal pages have their sections and effective date", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByText("Effective date: 7 June 2025")).toBeVisible();
  await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveCount(11);
  await expect(page.getByRole("heading", { name: "9. Children's Privacy" })).toBeVisible();
  await page.goto("/terms");
  await expect(page.getByText("Effective date: 7 June 2025")).toBeVisible();
  await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveCount(12);
  await expect(page.getByText(/courts of Bangalore/)).toBeVisible();
  await expect(page.getByText(/within 6-8 days of approval/)).toBeVisible();
});

test("header links reach each page; the home page shows its sections and teaser", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Founder's Find: 6 weeks to job readiness" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Founder's Find" }).click();
  await expect(page).toHaveURL(/\/founders-find$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Founder's Find: become the generalist startups hire");
  await nav.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { name: "Why we built this" })).toBeVisible();
  await nav.getByRole("button", { name: "For Aspirants" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "For Aspirants" })).toBeInViewport();
});

test("program tabs: Week 0 by default, one panel at a time, arrow keys, Home and End move", async ({ page }) => {
  await page.goto("/founders-find");
  await waitForHydration(page);
  const tabs = page.getByRole("tablist", { name: "Program weeks" });
  await expect(tabs.getByRole("tab")).toHaveCount(7);
  await expect(tabs.getByRole("tab", { name: /Week 0/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Week 0: Diagnostics & Orientation" })).toBeVisible();

  await tabs.getByRole("tab", { name: "Week 3" }).click();
  await expect(page.getByRole("heading", { name: "Week 3: Communication & Stakeholders" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Week 0: Diagnostics & Orientation" })).toBeHidden();
  await expect(page.getByRole("tabpanel").getByRole("listitem")).toHaveCount(4);

  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "Week 4" })).toBeFocused();
  await expect(page.getByRole("heading", { name: "Week 4: Leadership & Grit" })).toBeVisible();
  // One tab stop for the whole strip: the selected tab, then its panel.
  await expect(tabs.getByRole("tab", { name: "Week 3" })).toHaveAttribute("tabindex", "-1");
  await page.keyboard.press("End");
  await expect(tabs.getByRole("tab", { name: "Week 6" })).toBeFocused();
  await expect(tabs.getByRole("tab", { name: "Week 6" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: /Week 0/ })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(tabs.getByRole("tab", { name: "Week 6" })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(page.getByRole("heading", { name: "Week 0: Diagnostics & Orientation" })).toBeVisible();
  await expect(page.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", await tabs.getByRole("tab", { name: /Week 0/ }).getAttribute("id") ?? "");
  await expect(page.getByText("Weekly Activities")).toBeVisible();
  await expect(page.getByText("₹14,999", { exact: true })).toBeVisible();
  await expect(page.getByText("₹59,999", { exact: true })).toBeVisible();
});

test("/founders-find starts at the top, or at the anchor it is opened with; in-page links jump", async ({ page }) => {
  await page.goto("/founders-find#pricing");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "One cohort, everything included" })).toBeInViewport();

  await page.goto("/founders-find");
  await waitForHydration(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole("region", { name: "Founder's Find: become the generalist startups hire" }).getByRole("link", { name: "Apply Now" }).click();
  await expect(page).toHaveURL(/#application$/);
  await expect(page.locator("#application")).toBeInViewport();

  // Either anchor of the spec opens the page at the application.
  await page.goto("/");
  await page.goto("/founders-find#apply");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Apply for the Next Cohort" })).toBeInViewport();
});

test.describe("with reduced motion asked for", () => {
  test.use({ reducedMotion: "reduce" });
  test("in-page links jump at once instead of gliding", async ({ page }) => {
    await page.goto("/founders-find");
    await waitForHydration(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    const apply = page.getByRole("region", { name: "Founder's Find: become the generalist startups hire" }).getByRole("link", { name: "Apply Now" });
    // One frame after the click, not after a glide: the application is already under the header.
    const top = await apply.evaluate(async (link: HTMLElement) => {
      link.click();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return document.getElementById("application")!.getBoundingClientRect().top;
    });
    expect(Math.abs(top - 80), `the application's top one frame after the click: ${top}px`).toBeLessThan(40);
    await expect(page).toHaveURL(/#application$/);
  });
});

test("without reduced motion, in-page links glide", async ({ page }) => {
  await page.goto("/founders-find");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("smooth");
});

test("the closing call to action: Try Job Simulation opens in a new tab", async ({ page }) => {
  await page.goto("/founders-find");
  const link = page.getByRole("link", { name: /Try Job Simulation/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("href", "/simulations");
  await expect(page.getByRole("link", { name: "Start Free Diagnostic" })).toHaveAttribute("href", "/simulations");
});

test("without a booking widget configured, Book a call opens Contact Us with that subject", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Book a call" }).click();
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Subject")).toHaveValue("Book a call");
});

test("the thank-you page links home", async ({ page }) => {
  await page.goto("/thank-you");
  await expect(page.getByRole("heading", { name: "Application Submitted!" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: "Back to Homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("sitemap.xml lists the public pages and robots.txt points to it", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  for (const path of ["/", "/founders-find", "/about", "/privacy", "/terms"]) expect(xml).toContain(`<loc>${new URL(path, baseURL).href.replace(/\/$/, path === "/" ? "/" : "")}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${new URL("/sitemap.xml", baseURL).href}`);
  expect(robots).toContain("Disallow: /admin");
});

test("no third-party script loads when Google Analytics is not configured; page views go first-party", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  const events = page.waitForRequest((request) => request.url().endsWith("/api/events") && request.method() === "POST");
  await page.goto("/founders-find");
  await waitForHydration(page);
  const body = (await events).postDataJSON() as { events: { name: string; path: string }[] };
  expect(body.events).toContainEqual(expect.objectContaining({ name: "page_view", path: "/founders-find" }));
  expect(requests.every((url) => new URL(url).hostname === "localhost")).toBe(true);
});

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("no public page scrolls sideways", async ({ page }) => {
    for (const path of ["/", ...PAGES.map((p) => p.path)]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
});
