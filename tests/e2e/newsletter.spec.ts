import { expect, test, type Request } from "@playwright/test";
import { expectToast, toastRegion, uniqueEmail, waitForHydration } from "./support";

test("footer newsletter: empty, new, repeated and rejected addresses", async ({ page }) => {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/newsletter") posts.push(request);
  });
  await page.goto("/");
  await waitForHydration(page);

  const form = page.getByRole("contentinfo").getByRole("form", { name: "Newsletter" });
  const field = form.getByLabel("Email address");
  const subscribe = form.getByRole("button", { name: "Subscribe" });

  // Empty: nothing is sent, no toast, no error, and the page stays where it is.
  await subscribe.click();
  expect(posts).toHaveLength(0);
  await expect(toastRegion(page).getByRole("listitem")).toHaveCount(0);
  await expect(form.getByRole("alert")).toHaveCount(0);
  expect(new URL(page.url()).search).toBe("");

  // A new address: "Success!", and the field is cleared.
  const email = uniqueEmail("news");
  await field.fill(email);
  let response = page.waitForResponse((r) => r.url().endsWith("/api/newsletter") && r.request().method() === "POST");
  await subscribe.click();
  expect((await response).status()).toBe(200);
  const first = await expectToast(page, "Success!", "You've been subscribed to our newsletter.");
  await expect(field).toHaveValue("");
  await first.getByRole("button", { name: "Close" }).click();
  await expect(toastRegion(page).getByRole("listitem")).toHaveCount(0);

  // The same address again, in other letters: also a success.
  await field.fill(email.toUpperCase());
  response = page.waitForResponse((r) => r.url().endsWith("/api/newsletter") && r.request().method() === "POST");
  await subscribe.click();
  expect((await response).status()).toBe(200);
  await expectToast(page, "Success!", "You've been subscribed to our newsletter.");
  await expect(field).toHaveValue("");

  // An address the server rejects: the inline error under the field, no toast of its own.
  await field.fill("bad@x");
  response = page.waitForResponse((r) => r.url().endsWith("/api/newsletter") && r.request().method() === "POST");
  await subscribe.click();
  expect((await response).status()).toBe(400);
  const error = form.locator("#newsletter-error");
  await expect(error).toHaveText("Please enter a valid email address");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAttribute("aria-describedby", "newsletter-error");
  await expect(field).toHaveValue("bad@x");

  // Three sign-ups were sent in all: the empty submit never sent one, not even late.
  expect(posts.map((p) => (p.postDataJSON() as { email: string }).email)).toEqual([email, email.toUpperCase(), "bad@x"]);
});
