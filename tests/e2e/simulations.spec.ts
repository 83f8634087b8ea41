import { expect, test, type Page } from "@playwright/test";
import { decode, expectToast, recordTrackedEvents, waitForHydration } from "./support";

const GTM = { slug: "go-to-market-for-a-b2b-saas-tool", title: "Go-To-Market for a B2B SaaS Tool" };
const showing = (page: Page) => page.getByText(/^Showing \d+ of \d+ simulations$/);

test("search and tag filters combine, with counts and clear", async ({ page, request }) => {
  const total = ((await (await request.get("/api/simulations")).json()) as unknown[]).length;
  expect(total).toBeGreaterThanOrEqual(5);
  await page.goto("/simulations");
  await expect(page.getByRole("heading", { name: "Explore Simulation Library" })).toBeVisible();
  await waitForHydration(page);
  await expect(showing(page)).toHaveText(`Showing ${total} of ${total} simulations`);

  await page.getByLabel("Search simulations").fill("STRATEGY");
  await expect(showing(page)).toHaveText(`Showing 2 of ${total} simulations`);
  await page.getByRole("button", { name: "Filters", exact: true }).click();
  await page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: "SaaS", exact: true }).click();
  await expect(page.getByRole("button", { name: /^Filters/ })).toContainText("1");
  await expect(showing(page)).toHaveText(`Showing 1 of ${total} simulations`);
  await expect(page.getByRole("heading", { name: GTM.title })).toBeVisible();

  await page.getByRole("group", { name: "Filter by tag" }).getByRole("button", { name: "Growth", exact: true }).click();
  await expect(showing(page)).toHaveText(`Showing 1 of ${total} simulations`);
  await page.getByLabel("Search simulations").fill("funnel");
  await expect(showing(page)).toHaveText(`Showing 1 of ${total} simulations`);
  await expect(page.getByRole("heading", { name: "Growth Engineer: Fix the Signup Funnel" })).toBeVisible();
  await page.getByLabel("Search simulations").fill("no such thing");
  await expect(page.getByText("No simulations found matching your criteria")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters", exact: true }).click();
  await expect(showing(page)).toHaveText(`Showing ${total} of ${total} simulations`);
  await expect(page.getByRole("button", { name: "Clear all filters" })).toHaveCount(0);
});

test("the first HTML lists simulations and a slug link carries that simulation's share tags", async ({ request }) => {
  const library = await (await request.get("/simulations")).text();
  expect(library).toContain("Founder&#x27;s Office Diagnostic");
  const html = await (await request.get(`/simulations/${GTM.slug}`)).text();
  const meta = (property: string) => decode(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1]);
  expect(meta("og:title")).toBe(`${GTM.title} | Founder's Find`);
  expect(meta("og:description")).toContain("Pick the first segment");
  expect(meta("og:image")).toMatch(/^http:\/\/localhost:\d+\/api\/images\/[0-9a-f]{32}-1200\.webp$/);
  expect(meta("twitter:card")).toBe("summary_large_image");
  expect((await request.get(meta("og:image")!)).headers()["cache-control"]).toContain("immutable");
});

test("the library page sends card fields only; Try Now opens the dialog and loads that simulation's instructions", async ({ page, request }) => {
  const full = (await (await request.get(`/api/simulations/${GTM.slug}`)).json()) as { instructions: string; typebotUrl: string };
  const library = await (await request.get("/simulations")).text();
  // Neither the HTML nor its hydration data carries instructions or chatbot links.
  expect(library).not.toContain(full.typebotUrl);
  expect(library).not.toContain(full.instructions.slice(0, 40));

  await page.goto("/simulations");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Try Now: ${GTM.title}` }).click();
  const dialog = page.getByRole("dialog", { name: GTM.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Instructions" }).getByText("Read the product brief and the three customer interviews.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Start Simulation" })).toBeEnabled();
});

test("a slug that matches no simulation answers 404 with the whole library and a notice", async ({ page }) => {
  const response = await page.goto("/simulations/no-such-simulation");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("status").filter({ hasText: "We couldn't find that simulation." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Explore Simulation Library" })).toBeVisible();
  await expect(page.getByText("Founder's Office Diagnostic").first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect((await page.request.get(`/simulations/${GTM.slug}`)).status()).toBe(200);
});

test("a slug link opens the dialog and highlights the card; Start Simulation opens the chatbot without an opener", async ({ page, context }) => {
  await context.route("https://typebot.io/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>chatbot</title>" }));
  const trackedEvents = await recordTrackedEvents(page);
  await page.goto(`/simulations/${GTM.slug}`);
  const dialog = page.getByRole("dialog", { name: GTM.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Instructions" }).getByText("Size the first segment")).toBeVisible();
  await expect(dialog.getByText("show your assumptions")).toBeVisible();
  const card = page.locator(`#simulation-${GTM.slug}`);
  await expect(card).toHaveAttribute("data-highlighted", "true");
  await expect(card).toBeInViewport();
  await expect(card).not.toHaveAttribute("data-highlighted", "true", { timeout: 5000 });

  const popupPromise = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Start Simulation" }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(popup.url()).toBe("https://typebot.io/b2b-saas-gtm");
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await expectToast(page, "Simulation Started", `${GTM.title} opened in new tab`);
  await expect(dialog).toHaveCount(0);
  expect(await trackedEvents()).toContain("simulation_start");
});

test("share copies the simulation's link", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/simulations");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Share ${GTM.title}` }).click();
  await expectToast(page, "Link Copied", "Simulation link copied to clipboard!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/simulations/${GTM.slug}`);
});
