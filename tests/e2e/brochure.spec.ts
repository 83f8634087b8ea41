import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { expectToast, signIn, uniqueEmail, waitForHydration } from "./support";

test("brochure: the spec's messages in order, then a real PDF download that staff see in Downloads and the CRM attributes to the visit's source", async ({ page }) => {
  // Arrived from a campaign link: the request carries the visit, and the lead keeps its source for the funnel.
  await page.goto("/founders-find?utm_source=Partner-Blog&utm_medium=post");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Download Brochure" }).click();
  const dialog = page.getByRole("dialog", { name: "Download Program Brochure" });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole("button", { name: "Download Brochure" });

  await submit.click();
  await expectToast(page, "Error", "Please enter your name");
  await dialog.getByLabel("Full Name *").fill("  Nisha Kapoor ");
  await submit.click();
  await expectToast(page, "Error", "Please enter a valid email address");
  await dialog.getByLabel("Email Address *").fill("nisha.example.com");
  await submit.click();
  await expectToast(page, "Error", "Please enter a valid email address");
  const email = uniqueEmail("brochure");
  await dialog.getByLabel("Email Address *").fill(email);
  await submit.click();
  await expectToast(page, "Error", "Please enter your mobile number");
  await dialog.getByLabel("Mobile Number *").fill("+91 98450 12345");

  const downloading = page.waitForEvent("download");
  await submit.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Founders-Find-Brochure.pdf");
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect((pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(4);
  await expectToast(page, "Success", "Brochure download started successfully!");
  await expect(dialog).toBeHidden();

  // Opened again, the form is empty.
  await page.getByRole("button", { name: "Download Brochure" }).click();
  await expect(page.getByRole("dialog").getByLabel("Full Name *")).toHaveValue("");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.goto("/admin");
  await signIn(page, ACCOUNTS.admissions);
  await page.getByRole("tab", { name: "Downloads" }).click();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Nisha Kapoor");
  await expect(row).toContainText("+91 98450 12345");

  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expect(page).toHaveURL(/\/crm$/);
  const found = (await (await page.request.get(`/api/crm/leads?q=${encodeURIComponent(email)}`)).json()) as { leads: { email: string; visitSource: string | null }[] };
  expect(found.leads.find((lead) => lead.email === email)?.visitSource).toBe("partner-blog");
});
