import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { ACCOUNTS } from "./accounts";
import { clipped, staffTableProblems } from "./layout-checks";
import { expectToast, recordTrackedEvents, signIn, waitForHydration } from "./support";

const pngFile = async (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 900, height: 500, channels: 3, background: "#0ea5e9" } }).png().toBuffer(),
});

async function signInAt(page: Page, path: string) {
  await page.goto(path);
  await signIn(page, ACCOUNTS.content);
}

test("a content user creates, unlists, edits and deletes a simulation", async ({ page }) => {
  const title = `Pricing War Room ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replaceAll(" ", "-");
  await signInAt(page, "/simulation-admin");
  await expect(page.getByRole("tab", { name: /^All Simulations \(\d+\)$/ })).toBeVisible();
  const unlistedBefore = Number(/\((\d+)\)/.exec((await page.getByRole("tab", { name: /^Unlisted/ }).textContent())!)![1]);

  await page.getByRole("button", { name: "Create New Simulation" }).click();
  const form = page.getByRole("dialog", { name: "Create New Simulation" });
  await form.getByRole("button", { name: "Create Simulation" }).click();
  await expect(form.getByText("Title is required", { exact: true })).toBeVisible();
  await expect(form.getByText("Typebot URL is required")).toBeVisible();

  await form.getByLabel("Title *", { exact: true }).fill(title);
  // The message goes as soon as the field is valid, not at the next submit; the others stay.
  await expect(form.getByText("Title is required", { exact: true })).toHaveCount(0);
  await expect(form.getByText("Typebot URL is required")).toBeVisible();
  await form.getByLabel("Subtitle *").fill("A competitor cut prices by 30%. Decide how to respond by Monday.");
  await form.getByLabel("Image", { exact: true }).setInputFiles(await pngFile("cover.png"));
  // The toast shows too, but a modal dialog hides the rest of the page from role queries: wait for the preview.
  await expect(form.getByRole("img", { name: "Preview" })).toHaveAttribute("src", /-1200\.webp$/);
  await form.getByLabel("Tags", { exact: true }).fill("  Pricing ");
  await form.getByLabel("Tags", { exact: true }).press("Enter");
  await form.getByLabel("Tags", { exact: true }).fill("pricing");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await form.getByLabel("Tags", { exact: true }).fill("Strategy");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await form.getByLabel("Tags", { exact: true }).fill("Remove me");
  await form.getByLabel("Tags", { exact: true }).press("Enter");
  await form.getByRole("button", { name: "Remove tag Remove me" }).click();
  await expect(form.getByRole("list", { name: "Selected tags" }).getByRole("listitem")).toHaveText(["Pricing", "Strategy"]);
  await form.getByLabel("Instructions *").fill("1. Read the market data - note the gap. 2. Choose a response.");
  await form.getByLabel("Typebot URL *").fill("not a link");
  await form.getByRole("button", { name: "Create Simulation" }).click();
  await expect(form.getByText("Typebot URL must be a link starting with http:// or https://")).toBeVisible();
  await form.getByLabel("Typebot URL *").fill("https://typebot.io/pricing-war-room");
  await form.getByRole("button", { name: "Create Simulation" }).click();
  await expectToast(page, "Simulation created successfully");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Public");
  await expect(row).toContainText(`/simulations/${slug}`);

  await page.goto("/simulations");
  const card = page.locator(`#simulation-${slug}`);
  await expect(card.getByRole("heading", { name: title })).toBeVisible();
  // Cards use the 400 px copy (and the 800 px one for 2x screens).
  await expect(card.locator("img")).toHaveAttribute("src", /^\/api\/images\/[0-9a-f]{32}-400\.webp$/);
  expect(await card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.goto("/simulation-admin");
  await page.getByRole("button", { name: `Make unlisted: ${title}` }).click();
  await expectToast(page, "Visibility updated successfully");
  await expect(page.getByRole("tab", { name: `Unlisted (${unlistedBefore + 1})` })).toBeVisible();
  await page.goto("/simulations");
  await expect(page.getByRole("heading", { name: "Explore Simulation Library" })).toBeVisible();
  await expect(page.locator(`#simulation-${slug}`)).toHaveCount(0);
  await page.goto(`/simulations/${slug}`);
  await expect(page.getByRole("dialog", { name: title })).toBeVisible();

  const trackedEvents = await recordTrackedEvents(page);
  await page.goto("/simulation-admin");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Simulation" });
  await expect(edit.getByLabel("Title *", { exact: true })).toHaveValue(title);
  await edit.getByLabel("Title *", { exact: true }).fill(`${title} (revised)`);
  await edit.getByRole("button", { name: "Update Simulation" }).click();
  await expectToast(page, "Simulation updated successfully");
  await expect(page.getByRole("row").filter({ hasText: `${title} (revised)` })).toContainText(`/simulations/${slug}`);

  // Staff may try a simulation from here, but only the public library's starts count as engagement.
  await page.context().route("https://typebot.io/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>chatbot</title>" }));
  await page.getByRole("button", { name: `View details of ${title} (revised)` }).click();
  const popup = page.context().waitForEvent("page");
  await page.getByRole("dialog", { name: `${title} (revised)` }).getByRole("button", { name: "Start Simulation" }).click();
  await (await popup).close();
  await expectToast(page, "Simulation Started", `${title} (revised) opened in new tab`);
  const tracked = await trackedEvents();
  expect(tracked).toContain("page_view");
  expect(tracked).not.toContain("simulation_start");

  await page.getByRole("button", { name: `Delete ${title} (revised)` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Simulation" });
  await expect(confirm).toContainText(`Are you sure you want to delete "${title} (revised)"? This action cannot be undone.`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Simulation deleted successfully");
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  // Its share link now finds nothing: the library answers 404 with a notice.
  expect((await page.request.get(`/simulations/${slug}`)).status()).toBe(404);
});

test("the mentor editor adds, edits with an image, saves, and removes a mentor", async ({ page }) => {
  const name = `Mentor ${Date.now().toString(36)}`;
  await signInAt(page, "/admin");
  await page.getByRole("tab", { name: "Mentors" }).click();
  const panel = page.getByRole("tabpanel", { name: "Mentors" });
  await expect(panel.getByRole("heading", { name: "Mentors" })).toBeVisible();
  const count = await panel.getByRole("group", { name: /^Mentor \d+$/ }).count();

  await panel.getByRole("button", { name: "Add Mentor" }).click();
  const added = panel.getByRole("group", { name: `Mentor ${count + 1}` });
  await expect(added.getByLabel("Name")).toHaveValue("New Mentor");
  await expect(added.getByLabel("Role")).toHaveValue("Role / Position");
  await added.getByLabel("Name").fill(name);
  await added.getByLabel("Role").fill("Head of Growth");
  await added.getByLabel("LinkedIn").fill("linkedin.com/in/someone");
  await added.getByLabel("Image", { exact: true }).setInputFiles(await pngFile("face.png"));
  await expectToast(page, "Image uploaded");
  await added.getByRole("button", { name: "Clear image" }).click();
  await expect(added.getByRole("img", { name: "Preview" })).toHaveCount(0);
  await added.getByLabel("Image", { exact: true }).setInputFiles(await pngFile("face.png"));
  await expect(added.getByRole("img", { name: "Preview" })).toHaveAttribute("src", /-640\.webp$/);

  await added.getByLabel("LinkedIn").fill("someone on linkedin");
  await panel.getByRole("button", { name: "Save Changes" }).click();
  // The error names the mentor and the field, and the field shows the same rule's message.
  await expectToast(page, "Error updating mentors", `Mentor ${count + 1}, LinkedIn: Please enter a valid LinkedIn profile URL`);
  await expect(added.getByText("Please enter a valid LinkedIn profile URL")).toBeVisible();
  // The same rule as the wizard and Become a Mentor: no scheme is fine, https:// is stored.
  await added.getByLabel("LinkedIn").fill("linkedin.com/in/someone");
  await expect(added.getByText("Please enter a valid LinkedIn profile URL")).toHaveCount(0);
  await panel.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Mentors updated");

  const saved = (await (await page.request.get("/api/mentors")).json()) as { name: string; role: string; image: string; linkedin: string }[];
  expect(saved.find((m) => m.name === name)).toMatchObject({ role: "Head of Growth", image: expect.stringMatching(/-640\.webp$/), linkedin: "https://linkedin.com/in/someone" });

  await page.reload();
  await page.getByRole("tab", { name: "Mentors" }).click();
  const reloaded = page.getByRole("tabpanel", { name: "Mentors" }).getByRole("group", { name: `Mentor ${count + 1}` });
  await expect(reloaded.getByLabel("Name")).toHaveValue(name);
  await reloaded.getByRole("button", { name: `Remove mentor ${count + 1}` }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Mentors updated");
  const after = (await (await page.request.get("/api/mentors")).json()) as { name: string }[];
  expect(after.map((m) => m.name)).not.toContain(name);
  expect(after).toHaveLength(count);
});

test("a new mentor starts without a LinkedIn link, so none is published by mistake", async ({ page }) => {
  await signInAt(page, "/admin");
  // Content's only tab is Mentors, and the dashboard opens on it.
  const panel = page.getByRole("tabpanel", { name: "Mentors" });
  await panel.getByRole("button", { name: "Add Mentor" }).click();
  const groups = panel.getByRole("group", { name: /^Mentor \d+$/ });
  await expect(groups.last().getByLabel("LinkedIn")).toHaveValue("");
});

test("/simulation-admin on a 360 px screen: each simulation is a card with its fields named and its actions in reach; at 1280 px a table", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAt(page, "/simulation-admin");
  const table = page.getByRole("table", { name: "Simulations" });
  const first = table.getByRole("row").nth(1);
  await expect(first).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(await staffTableProblems(table)).toEqual([]);
  expect(await clipped(table)).toEqual([]);
  // The row is still a row for a screen reader, its title the row's header.
  await expect(first.getByRole("rowheader")).toHaveCount(1);
  const remove = first.getByRole("button", { name: /^Delete / });
  const box = (await remove.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(widths.viewport);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(table.getByRole("columnheader", { name: "Visibility" })).toBeVisible();
  expect(await staffTableProblems(table)).toEqual([]);
});
