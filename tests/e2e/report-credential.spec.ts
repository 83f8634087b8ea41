import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectToast, uniqueEmail, waitForHydration } from "./support";
import { candidateSignIn, postFixtureReport } from "./reports-support";
import { violations } from "./axe";

const fixture = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/report-intake.json"), "utf8")) as {
  candidateResponses: Record<string, string>;
  skillFeedback: Record<string, string>;
};
const anAnswer = Object.values(fixture.candidateResponses)[0]!;
const someFeedback = Object.values(fixture.skillFeedback)[0]!;

test("a candidate shares a report as a verified credential; anyone opens it signed out with its share image; unsharing makes both 404", async ({
  page,
  browser,
  request,
}) => {
  // Sign-in, two pages and a first share image (the worker's cold start) on a shared 2-core machine.
  test.setTimeout(90_000);
  const email = uniqueEmail("credential");
  const slug = await postFixtureReport(request, email, { fullName: "प्रिया नायर" });
  await candidateSignIn(page, email);
  await page.goto(`/simulation-report/${slug}`);
  await waitForHydration(page);

  const panel = page.getByRole("region", { name: "Verified credential" });
  await expect(panel.getByRole("status")).toHaveText("Not shared");
  await panel.getByRole("button", { name: "Share a verified credential" }).click();
  await expectToast(page, "Credential shared", "Anyone with the link can now verify this result.");
  await expect(panel.getByRole("status")).toHaveText("Sharing on");
  const link = await panel.getByLabel("Verification link").inputValue();
  const id = /\/verify\/([A-Za-z0-9_-]{24})$/.exec(link)?.[1];
  expect(id, link).toBeTruthy();
  const linkedIn = new URL((await panel.getByRole("link", { name: /Add to LinkedIn profile/ }).getAttribute("href"))!);
  expect(linkedIn.origin + linkedIn.pathname).toBe("https://www.linkedin.com/profile/add");
  expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
    startTask: "CERTIFICATION_NAME",
    organizationName: "Founder's Find",
    certId: id,
    certUrl: link,
    name: expect.stringContaining("Founder's Office Diagnostic"),
    issueYear: expect.stringMatching(/^\d{4}$/),
    issueMonth: expect.stringMatching(/^([1-9]|1[0-2])$/),
  });

  // A visitor without any session: server-rendered, noindex, with the card as its preview image.
  const visitor = await browser.newContext();
  const stranger = await visitor.newPage();
  const verifyUrl = new URL(`/verify/${id}`, page.url()).toString();
  const opened = await stranger.goto(verifyUrl);
  expect(opened!.status()).toBe(200);
  expect(opened!.headers()["x-robots-tag"]).toMatch(/noindex/);
  const html = await opened!.text();
  for (const secret of [email, anAnswer, someFeedback, slug]) expect(html).not.toContain(secret);
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("प्रिया नायर");
  await expect(stranger.getByText("Verified by Founder's Find")).toBeVisible();
  await expect(stranger.getByRole("heading", { name: "Scores by dimension" })).toBeVisible();
  // A phone's width: nothing wider than the screen.
  await stranger.setViewportSize({ width: 360, height: 800 });
  expect(await stranger.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await stranger.screenshot({ path: test.info().outputPath("verify-360.png"), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await panel.screenshot({ path: test.info().outputPath("share-panel-360.png") });
  expect(await violations(stranger)).toEqual([]);
  expect(await violations(page, '[aria-labelledby="credential-share-title"]')).toEqual([]);
  await expect(stranger.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const image = await stranger.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toBe(`${link}/card.png`);
  await expect(stranger.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

  const card = await request.get(new URL(`/verify/${id}/card.png`, page.url()).toString());
  expect(card.status()).toBe(200);
  expect(card.headers()["content-type"]).toBe("image/png");
  const png = await card.body();
  expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

  // The owner turns it off: the page and the image are gone.
  await panel.getByRole("button", { name: "Stop sharing" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Stop sharing" }).click();
  await expectToast(page, "Sharing turned off", "The verification link no longer works.");
  await expect(panel.getByRole("status")).toHaveText("Not shared");
  const gone = await stranger.goto(verifyUrl);
  expect(gone!.status()).toBe(404);
  await expect(stranger.getByRole("heading", { name: "Credential not found" })).toBeVisible();
  expect((await request.get(new URL(`/verify/${id}/card.png`, page.url()).toString())).status()).toBe(404);
  await visitor.close();
});
