import { expect, test } from "@playwright/test";

test("an unknown page answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page/anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("an unknown API path answers a JSON 404", async ({ request }) => {
  for (const path of ["/api/no-such-thing", "/api"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
  }
});
