import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { newestMail, postFixtureReport } from "./reports-support";
import { expectToast, signIn, uniqueEmail } from "./support";

test("admissions staff search, filter, export and open reports", async ({ page, request }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const high = uniqueEmail(`high-${tag}`);
  const low = uniqueEmail(`low-${tag}`);
  await postFixtureReport(request, high, { fullName: `Hema High ${tag}`, totalScore: 91 });
  const lowSlug = await postFixtureReport(request, low, { fullName: `Lalit Low ${tag}`, totalScore: 42, company: `Lowco ${tag}` });

  await page.goto("/admin");
  await signIn(page, ACCOUNTS.admissions);
  await page.getByRole("tab", { name: "Simulation Reports" }).click();
  const panel = page.getByRole("tabpanel", { name: "Simulation Reports" });
  await expect(panel.getByText("Total Reports")).toBeVisible();

  await panel.getByLabel("Search").fill(tag.toUpperCase());
  await expect(panel.getByRole("row")).toHaveCount(3);
  await expect(panel.getByRole("definition").first()).toHaveText("2");

  await panel.getByLabel("Score").selectOption("low");
  await expect(panel.getByRole("row")).toHaveCount(2);
  const row = panel.getByRole("row", { name: new RegExp(`Lalit Low ${tag}`) });
  await expect(row.getByText("42%")).toBeVisible();
  // The simulation and whether the candidate was told (the webhook e-mails at once: queued or already sent).
  await expect(panel.getByRole("columnheader", { name: "Simulation Type" })).toBeVisible();
  await expect(panel.getByRole("columnheader", { name: "Candidate notified" })).toBeVisible();
  await expect(row.getByRole("cell", { name: "Founder's Office Diagnostic" })).toBeVisible();
  await expect(row.getByText(/^(Queued|Sent)$/)).toBeVisible();
  await expect(row.getByRole("link", { name: /View/ })).toHaveAttribute("href", `/simulation-report/${lowSlug}`);
  await expect(row.getByRole("link", { name: /View/ })).toHaveAttribute("target", "_blank");

  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^simulation-reports-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text).toContain(`"Lalit Low ${tag}"`);
  expect(text).not.toContain(`Hema High ${tag}`);

  await panel.getByLabel("Search").fill(`nobody-${tag}`);
  await expect(panel.getByText("No reports match your search criteria")).toBeVisible();

  // Staff open the report itself (a new tab in the list; here the same page).
  await page.goto(`/simulation-report/${lowSlug}`);
  await expect(page.getByRole("heading", { name: "Founder's Office Diagnostic Report" })).toBeVisible();
});

test("admissions staff send a test e-mail and a bulk send that tells each candidate once", async ({ page }) => {
  await page.goto("/admin");
  await signIn(page, ACCOUNTS.admissions);
  await page.getByRole("tab", { name: "Email Notifications" }).click();
  const panel = page.getByRole("tabpanel", { name: "Email Notifications" });

  const tester = uniqueEmail("tester");
  const send = panel.getByRole("button", { name: "Send Test Email" });
  await expect(send).toBeDisabled();
  await panel.getByLabel("Email", { exact: true }).fill(tester);
  await expect(send).toBeDisabled();
  await panel.getByLabel("Name", { exact: true }).fill("Tara Tester");
  await send.click();
  await expectToast(page, "Test email sent successfully");
  await expect(panel.getByLabel("Email", { exact: true })).toHaveValue("");
  await newestMail(page, tester, /report is ready/);

  // Reports imported from a CSV are stored without telling their candidates; the bulk send tells them.
  // Whoever is still untold first (the demo's candidate, whose reports arrive untold) is told now, so
  // the confirmation counts this test's two.
  expect((await page.request.post("/api/simulation/send-bulk-notifications")).ok()).toBe(true);
  const untold = [uniqueEmail("untold-a"), uniqueEmail("untold-b")];
  await page.getByRole("tab", { name: "Simulation Reports" }).click();
  const csv = ["Name,Email,Company,Total Score,Strategy,Execution,Communication,Leadership,Growth,Tech,Completed At", ...untold.map((email, i) => `Imported ${i},${email},Co,${60 + i},6,6,6,6,6,6,2025-05-0${i + 1}T10:00:00Z`)].join("\n");
  await page.getByText("Import CSV").locator("input[type=file]").setInputFiles({ name: "history.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expectToast(page, "CSV Import Complete", "Imported 2, updated 0, unchanged 0, rejected 0");
  const listed = page.getByRole("tabpanel", { name: "Simulation Reports" }).getByRole("row", { name: new RegExp(untold[0]!.replace(/[.+]/g, "\\$&")) });
  await expect(listed.getByText("Not yet told")).toBeVisible();

  await page.getByRole("tab", { name: "Email Notifications" }).click();
  // A confirmation first, with the server's count; Cancel sends nothing.
  await page.getByRole("button", { name: "Send Bulk Notifications" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Send Bulk Notifications?" });
  await expect(confirm).toContainText("This e-mails 2 people that their report is ready.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Send Bulk Notifications" }).click();
  await confirm.getByRole("button", { name: "Send 2 emails" }).click();
  await expectToast(page, "Bulk Email Complete", "Sent 2 emails, 0 failed");
  for (const email of untold) await newestMail(page, email, /report is ready/);
  const rowOf = (email: string) => panel.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) });
  await expect(rowOf(untold[0]!).getByText("sent", { exact: true })).toBeVisible({ timeout: 15_000 });

  // A second run finds nobody left to tell, and says so before sending anything.
  await page.getByRole("button", { name: "Send Bulk Notifications" }).click();
  await expect(confirm).toContainText("Every candidate has already been told");
  await expect(confirm.getByRole("button", { name: "Send" })).toBeDisabled();
  await confirm.getByRole("button", { name: "Cancel" }).click();

  // The list shows the candidate as told.
  await page.getByRole("tab", { name: "Simulation Reports" }).click();
  await expect(listed.getByText(/^(Queued|Sent)$/)).toBeVisible();
});
