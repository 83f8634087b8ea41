// The "report ready" e-mail as a candidate uses it (issue 20 §4): it arrives as HTML with a plain-text
// alternative, its button opens that report, and signed out that goes through the sign-in and back,
// with the code read from the code e-mail's subject.
import { expect, test } from "@playwright/test";
import { newestMail, postFixtureReport } from "./reports-support";
import { uniqueEmail, waitForHydration } from "./support";

test("the report-ready e-mail's button leads, through the sign-in, to that report", async ({ page, request }) => {
  const email = uniqueEmail("mailed");
  await page.goto("/");
  const slug = await postFixtureReport(request, email);

  const ready = await newestMail(page, email, /report is ready/);
  expect(ready).toMatch(/Content-Type: multipart\/alternative;/i);
  expect(ready).toMatch(/Content-Type: text\/html/i);
  const link = /Open my report: (\S+)/.exec(ready)?.[1];
  expect(link).toMatch(new RegExp(`/simulation-report/${slug}$`));

  // Signed out: the report's address sends the candidate to the sign-in, keeping the way back.
  const before = Date.now();
  await page.goto(new URL(link!).pathname);
  await expect(page).toHaveURL(/\/simulation-login\?returnTo=/);
  await waitForHydration(page);
  await page.getByRole("main").getByLabel("Email Address", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Access Reports" }).click();
  await expect(page.getByLabel("6-digit code")).toBeVisible();

  const codeMail = await newestMail(page, email, /^Subject: \d{6} is your Founder's Find code\r?$/m, before);
  const code = /^Subject: (\d{6}) is your Founder's Find code\r?$/m.exec(codeMail)![1]!;
  expect(codeMail).toContain(`sign-in code is ${code}.`);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page).toHaveURL(new RegExp(`/simulation-report/${slug}$`));
});
