import { readFileSync } from "node:fs";
import { expect, test, type Page, type Request } from "@playwright/test";
import { pdfBytes } from "../fixtures/applications";
import { ACCOUNTS } from "./accounts";
import { expectToast, signIn, uniqueEmail, waitForHydration } from "./support";

test.describe.configure({ mode: "serial" });

const email = uniqueEmail("applicant");
const firstName = "Kavya";
const lastName = `Iyer ${Date.now().toString(36)}`;

const wizard = (page: Page) => page.locator("#application");
const continueButton = (page: Page, name = "Continue") => wizard(page).getByRole("button", { name, exact: true });

test("the wizard: each Continue waits for a valid step, sliders work by keyboard, the draft survives a reload, one submit", async ({ page }) => {
  const posts: Request[] = [];
  page.on("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/applications" && posts.push(r));
  await page.goto("/founders-find");
  await waitForHydration(page);
  const w = wizard(page);
  await expect(w.getByRole("heading", { name: "Basic Information" })).toBeVisible();
  await expect(w.getByRole("button", { name: "Back", exact: true })).toHaveCount(0);
  await expect(w.getByLabel("Country code")).toHaveValue("+91");

  // Step 1: Continue only once first name, last name, email and LinkedIn are filled; mobile never blocks.
  await expect(continueButton(page)).toBeDisabled();
  await w.getByLabel("First Name *").fill(firstName);
  await w.getByLabel("Last Name *").fill(lastName);
  await w.getByLabel("Email *").fill(email);
  await expect(continueButton(page)).toBeDisabled();
  await w.getByLabel("LinkedIn Profile URL *").fill("https://www.linkedin.com/in/kavya-iyer");
  await expect(continueButton(page)).toBeEnabled();
  await w.getByLabel("Country code").selectOption("+65");
  await w.getByLabel("Mobile Number *").fill("81234567");

  // The résumé is checked in the browser: a renamed executable is refused, a PDF kept.
  const resumeInput = w.getByLabel("Resume (optional)");
  await resumeInput.setInputFiles({ name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ...") });
  await expect(w.getByText("Resume must be a PDF or Word (.docx) document")).toBeVisible();

  // A reload keeps everything typed (the file must be chosen again: browsers cannot keep it).
  await page.reload();
  await waitForHydration(page);
  await expect(w.getByLabel("Last Name *")).toHaveValue(lastName);
  await expect(w.getByLabel("Country code")).toHaveValue("+65");
  await resumeInput.setInputFiles({ name: "Kavya Resume.pdf", mimeType: "application/pdf", buffer: pdfBytes(200 * 1024) });
  await expect(w.getByText("Kavya Resume.pdf (200 KB)")).toBeVisible();
  await continueButton(page).click();

  // Step 2.
  await expect(w.getByRole("heading", { name: "Background & Motivation" })).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
  await w.getByLabel("Current Role *").selectOption("consultant");
  await w.getByLabel("Experience *").selectOption("2-3");
  await expect(continueButton(page)).toBeDisabled();
  await w.getByLabel("Why do you want to join Founder's Find? *").fill("I want to move from consulting into a founder's office.");
  await expect(continueButton(page)).toBeEnabled();
  await w.getByRole("button", { name: "Back", exact: true }).click();
  await expect(w.getByLabel("First Name *")).toHaveValue(firstName);
  await continueButton(page).click();
  await continueButton(page).click();

  // Step 3: at least one target role; the sliders by keyboard only.
  await expect(w.getByRole("heading", { name: "Role Fit" })).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
  await w.getByLabel("Strategy & GTM Generalist").check();
  await w.getByLabel("Founder's Office Associate").check();
  await w.getByLabel("VC/Platform Operations").check();
  await expect(continueButton(page)).toBeEnabled();
  const strategy = w.getByRole("slider", { name: "Business Strategy & Thinking" });
  await expect(strategy).toHaveAttribute("aria-valuenow", "3");
  await strategy.focus();
  for (const [key, value] of [["ArrowRight", "4"], ["End", "5"], ["Home", "1"], ["PageUp", "5"], ["PageDown", "1"], ["ArrowUp", "2"]] as const) {
    await page.keyboard.press(key);
    await expect(strategy).toHaveAttribute("aria-valuenow", value);
  }
  await expect(strategy).toHaveAttribute("aria-valuetext", "2 of 5");
  const tech = w.getByRole("slider", { name: "Tech & Automation Fluency" });
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(tech).toBeFocused();
  await page.keyboard.press("End");
  await expect(tech).toHaveAttribute("aria-valuetext", "5 of 5 (Expert)");
  await continueButton(page).click();

  // Step 4: both confirmations.
  await expect(w.getByRole("heading", { name: "Sample Simulation" })).toBeVisible();
  const review = continueButton(page, "Continue to Review");
  await expect(review).toBeDisabled();
  await w.getByLabel("I understand that Founder's Find is an intensive program requiring 10-15 hours per week of commitment.").check();
  await expect(review).toBeDisabled();
  await w.getByLabel("I'm comfortable with the simulation-based learning approach and ready to receive constructive feedback.").check();
  await review.click();

  // Step 5: a double click sends one application, then /thank-you.
  await expect(w.getByRole("heading", { name: "Review & Submit" })).toBeVisible();
  await expect(w.getByRole("heading", { name: "Ready to Submit" })).toBeVisible();
  await w.getByRole("button", { name: "Back to Review" }).click();
  await expect(w.getByRole("heading", { name: "Sample Simulation" })).toBeVisible();
  await review.click();
  await w.getByRole("button", { name: "Submit Application" }).dblclick();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expectToast(page, "Application submitted!", "We'll review your application and get back to you soon.");
  await expect(page.getByRole("heading", { name: "Application Submitted!" })).toBeVisible();
  expect(posts).toHaveLength(1);
  // What was sent (JSON text lists, ratings, the file) is checked through the staff side below.

  // The draft is gone once submitted.
  await page.goto("/founders-find");
  await waitForHydration(page);
  await expect(wizard(page).getByLabel("First Name *")).toHaveValue("");
});

test("a refused submission keeps the wizard on step 5 with every answer, and points at the field", async ({ page }) => {
  await page.goto("/founders-find");
  await waitForHydration(page);
  const w = wizard(page);
  await w.getByLabel("First Name *").fill("Second");
  await w.getByLabel("Last Name *").fill("Attempt");
  await w.getByLabel("Email *").fill(email.toUpperCase());
  await w.getByLabel("LinkedIn Profile URL *").fill("linkedin.com/in/second");
  await continueButton(page).click();
  await w.getByLabel("Current Role *").selectOption("student");
  await w.getByLabel("Experience *").selectOption("0");
  await w.getByLabel("Why do you want to join Founder's Find? *").fill("Again");
  await continueButton(page).click();
  await w.getByLabel("Category Manager").check();
  await continueButton(page).click();
  await w.getByRole("checkbox").first().check();
  await w.getByRole("checkbox").nth(1).check();
  await continueButton(page, "Continue to Review").click();
  await w.getByRole("button", { name: "Submit Application" }).click();
  const duplicate = "You have already applied with this email address. We'll get back to you within 48 hours.";
  await expectToast(page, "Error submitting your application", duplicate);
  await expect(w.getByRole("heading", { name: "Review & Submit" })).toBeVisible();
  await expect(w.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  await w.getByRole("button", { name: "Edit Basic Information" }).click();
  await expect(w.getByLabel("Email *")).toHaveValue(email.toUpperCase());
  await expect(w.getByText(duplicate)).toBeVisible();
});

test("admissions sees the application, changes its status, downloads the résumé, exports, and deletes it", async ({ page }) => {
  await page.goto("/admin");
  await signIn(page, ACCOUNTS.admissions);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.getByLabel("Search").fill(email);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Strategy & GTM Generalist")).toBeVisible();
  await expect(row.getByText("+1", { exact: true })).toBeVisible();
  await expect(row.getByText("Avg 3.2/5")).toBeVisible();

  const status = row.getByLabel(`Status for ${firstName} ${lastName}`);
  await expect(status).toHaveValue("pending");
  await status.selectOption({ label: "Shortlisted for Interview" });
  await expectToast(page, "Status updated!");
  await page.getByLabel("Stage").selectOption({ label: "Shortlisted for Interview" });
  await expect(row).toHaveCount(1);
  await page.getByLabel("Stage").selectOption({ label: "Paid" });
  await expect(page.getByText("No applications match your search")).toBeVisible();
  await page.getByLabel("Search").fill("");
  await expect(page.getByText("No applications in the selected stage").or(page.getByRole("table"))).toBeVisible();
  await page.getByLabel("Stage").selectOption("");
  await page.getByLabel("Search").fill(email);

  await row.getByRole("button", { name: `${firstName} ${lastName}`, exact: true }).click();
  const detail = page.getByRole("dialog");
  await expect(detail.getByText("I want to move from consulting into a founder's office.")).toBeVisible();
  await expect(detail.getByText("+65 81234567")).toBeVisible();
  await detail.getByRole("button", { name: "Close" }).first().click();

  const resume = page.waitForEvent("download");
  await row.getByRole("link", { name: `Resume of ${firstName} ${lastName}` }).click();
  const file = await resume;
  expect(file.suggestedFilename()).toBe("Kavya Resume.pdf");
  expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe("%PDF-");

  const csv = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const exported = await csv;
  expect(exported.suggestedFilename()).toMatch(/^founders-find-applications-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await exported.path(), "utf8");
  // A country code is a plain signed number: written without the formula guard's apostrophe.
  expect(text).toContain(`"${email}","+65","81234567"`);
  // Labels as the screens show them, and the screens' date style (Asia/Kolkata).
  expect(text).toMatch(
    /"Strategy & GTM Generalist;Founder's Office Associate;VC\/Platform Operations","2","3","3","3","3","5","Shortlisted for Interview","\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m"/,
  );

  await row.getByRole("button", { name: `Delete application from ${firstName} ${lastName}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Application deleted!");
  await expect(row).toHaveCount(0);
});

test("the wizard, a chunk of its own, also arrives on a client-side visit to /founders-find", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Founder's Find" }).click();
  await expect(page).toHaveURL(/\/founders-find$/);
  await expect(wizard(page).getByLabel("First Name *")).toBeEditable();
  await expect(wizard(page).getByRole("heading", { name: "Basic Information" })).toBeVisible();
});
