import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { pdfText } from "../helpers/pdf-text";
import { expectToast, uniqueEmail, waitForHydration } from "./support";
import { candidateSignIn, postFixtureReport } from "./reports-support";

test("a candidate signs in with the e-mailed code, reads the report, downloads the PDF and logs out", async ({ page, request }) => {
  const email = uniqueEmail("candidate");
  const slug = await postFixtureReport(request, email);

  // Signed out, the dashboard sends the visitor to the sign-in.
  await page.goto("/simulation-dashboard");
  await expect(page).toHaveURL(/\/simulation-login$/);
  await expect(page.getByRole("heading", { name: "Simulation Reports", level: 1 })).toBeVisible();

  await candidateSignIn(page, email);
  await expectToast(page, "Login successful", "Welcome to your simulation dashboard");
  await expect(page.getByRole("heading", { name: "Your Simulation Reports", level: 1 })).toBeVisible();
  await expect(page.getByText("Welcome back, Meera Kapoor")).toBeVisible();
  const cards = page.getByRole("definition");
  await expect(cards).toHaveText(["1", "68%", "68%"]);

  const card = page.getByRole("article").filter({ hasText: "Founder's Office Diagnostic" });
  await expect(card.getByText(`ID: ${slug}`)).toBeVisible();
  await expect(card.getByText("68%")).toBeVisible();
  await expect(card.getByText("Good", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download Program Brochure" })).toBeVisible();
  await card.getByRole("link", { name: "View Report" }).click();

  await expect(page).toHaveURL(new RegExp(`/simulation-report/${slug}$`));
  await expect(page.getByRole("heading", { name: "Founder's Office Diagnostic Report" })).toBeVisible();
  await expect(page.getByText("Found the root cause fast and with data")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Performance Analysis" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("figure", { name: "Average score by dimension, out of 10" })).toBeVisible();
  const growth = page.getByRole("region", { name: "Growth & Marketing Acumen" });
  await expect(growth.getByText("Avg 6.0/10")).toBeVisible();
  await expect(growth.getByRole("figure", { name: /Growth & Marketing Acumen: skill scores/ })).toBeVisible();
  await growth.getByRole("tab", { name: "Table View" }).click();
  await expect(growth.getByRole("row", { name: /Brand strategy/ })).toContainText("No feedback available");

  await page.getByRole("tab", { name: "Case Simulation" }).click();
  await expect(page.getByRole("heading", { name: "1. Company Background" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Scene \d/ })).toHaveCount(10);
  // Scene 3's extra context repeats its text, so it is not shown; scene 1's differs.
  const scene3 = page.locator("section").filter({ has: page.getByRole("heading", { name: "Scene 3: The distributor" }) });
  await expect(scene3.getByText("Additional context", { exact: true })).toHaveCount(0);
  const scene1 = page.locator("section").filter({ has: page.getByRole("heading", { name: "Scene 1: The Monday dashboard" }) });
  await expect(scene1.getByText("Additional context", { exact: true })).toBeVisible();
  const scene7 = page.locator("section").filter({ has: page.getByRole("heading", { name: "Scene 7: The budget" }) });
  await expect(scene7.getByText("No response recorded.")).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe("meera-kapoor-founders-office-diagnostic-2026-11-20.pdf");

  await page.getByRole("link", { name: /Back to Dashboard/ }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expectToast(page, "Logged out", "You have been logged out successfully");
  await expect(page).toHaveURL(/\/simulation-login$/);
  await page.goto(`/simulation-report/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/simulation-login\\?returnTo=%2Fsimulation-report%2F${slug}$`));
});

test("a report in Devanagari and Tamil with ₹ downloads as a PDF whose text reads back the same", async ({ page, request }) => {
  const email = uniqueEmail("priya");
  await postFixtureReport(request, email, {
    fullName: "प्रिया नायर",
    overallSummary: "- Sized the opportunity at ₹40 lakh a month. - Spoke to the buyers first",
    candidateResponses: { Q1: "முதலில் வாடிக்கையாளர்களிடம் பேசுவேன்" },
  });
  await candidateSignIn(page, email);
  await page.getByRole("link", { name: "View Report" }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  // Chromium takes the name in its own script from filename*.
  expect(download.suggestedFilename()).toBe("प्रिया-नायर-founders-office-diagnostic-2026-11-20.pdf");
  const text = pdfText(readFileSync(await download.path())).replace(/\s+/g, " ");
  expect(text).toContain("Candidate: प्रिया नायर");
  expect(text).toContain("₹40 lakh");
  expect(text).toContain("முதலில் வாடிக்கையாளர்களிடம் பேசுவேன்");
  expect(text).toContain("No response recorded.");
  expect(text).toMatch(/Page 1 of \d/);
});

test("an address without reports signs in to the empty state", async ({ page }) => {
  const email = uniqueEmail("no-reports");
  await candidateSignIn(page, email);
  await expect(page.getByText("You haven't yet participated in our Simulation!")).toBeVisible();
  await expect(page.getByRole("link", { name: /Take Diagnostic Test/ })).toBeVisible();
  await expect(page.getByRole("definition")).toHaveText(["0", "0%", "0%"]);
  await expect(page.getByText(`Welcome back, ${email}`)).toBeVisible();
});

test("sign-in checks: empty e-mail, a wrong code, and another candidate's report", async ({ page, request }) => {
  const other = await postFixtureReport(request, uniqueEmail("other"));
  await page.goto("/simulation-login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Access Reports" }).click();
  await expectToast(page, "Please enter your email address");

  const email = uniqueEmail("wrong-code");
  await page.getByRole("main").getByLabel("Email Address", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Access Reports" }).click();
  // A pasted code keeps all six digits: spaces and dashes go before the six-digit cap (issue 20 §1.8).
  const codeField = page.getByLabel("6-digit code");
  for (const pasted of [" 147452", "147 452", "147-452", "147452 "]) {
    await codeField.clear();
    await codeField.focus();
    await page.keyboard.insertText(pasted);
    await expect(codeField).toHaveValue("147452");
  }
  await codeField.fill("000000");
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page.getByText("That code is not right. Please check it and try again: 4 tries left.")).toBeVisible();

  await candidateSignIn(page, email);
  await page.goto(`/simulation-report/${other}`);
  await expect(page.getByRole("heading", { name: "Report not found or access denied" })).toBeVisible();
});
