import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { violations } from "./axe";
import { expectToast, signIn, toastRegion, uniqueEmail, waitForHydration } from "./support";

test("Contact Us: field messages, then the message is sent and reaches the staff inbox", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("button", { name: "Contact Us" }).click();
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  await dialog.getByLabel("Name").fill("   ");
  await dialog.getByRole("button", { name: "Send Message" }).click();
  for (const message of ["Name is required", "Email is required", "Subject is required", "Message is required"]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel("Name").fill("Karan Malhotra");
  // Visitor forms share the staff forms' plumbing: a message goes once its field is valid.
  await expect(dialog.getByText("Name is required", { exact: true })).toHaveCount(0);
  await expect(dialog.getByText("Subject is required", { exact: true })).toBeVisible();
  await dialog.getByLabel("Email").fill("karan-at-example");
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog.getByText("Please enter a valid email address", { exact: true })).toBeVisible();

  const email = uniqueEmail("contact");
  const subject = `Partnership ${email.slice(8, 16)}`;
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Message").fill("We'd like to hire two generalists from your next cohort.");
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message sent successfully!", "We'll get back to you as soon as possible.");
  await expect(dialog).toBeHidden();

  await page.goto("/admin/inbox");
  await signIn(page, ACCOUNTS.admissions);
  const item = page.getByRole("listitem").filter({ hasText: subject });
  await expect(item).toContainText(email);
  await item.getByRole("button", { name: "Mark as handled" }).click();
  await expectToast(page, "Marked as handled");
  await expect(page.getByRole("listitem").filter({ hasText: subject })).toHaveCount(0);
  // Handled, it is told apart by its look, still readable (axe's contrast check, the toast gone first).
  await page.getByLabel("Status").selectOption("handled");
  await expect(item.getByRole("button", { name: "Mark as open" })).toBeVisible();
  await expect(toastRegion(page).getByRole("listitem")).toHaveCount(0, { timeout: 15_000 });
  expect(await violations(page)).toEqual([]);
});

test("Become a Mentor: field messages, then the application is submitted", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("button", { name: "Become a Mentor" }).click();
  const dialog = page.getByRole("dialog", { name: "Become a Mentor" });
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  for (const message of [
    "Name is required",
    "Email is required",
    "Experience is required",
    "Area of expertise is required",
    "Please tell us why you'd like to become a mentor",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel("Name").fill("Farah Khan");
  await dialog.getByLabel("Email").fill(uniqueEmail("mentor"));
  await dialog.getByLabel("Experience").fill("10 years in category management");
  await dialog.getByLabel("Area of Expertise").fill("Category and P&L");
  await dialog.getByLabel("Why would you like to become a mentor?").fill("I want to help people make the move I made.");
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expectToast(
    page,
    "Mentor application submitted!",
    "Thank you for your interest in mentoring. We'll review your application and get back to you soon.",
  );
  await expect(dialog).toBeHidden();
});
