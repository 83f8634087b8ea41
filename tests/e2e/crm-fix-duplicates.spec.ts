import { expect, test, type APIRequestContext } from "@playwright/test";
import { ACCOUNTS, localPart } from "./accounts";
import { DUPLICATE_GROUPS } from "./seed-duplicates";
import { expectToast, signIn } from "./support";

/**
 * Deletes the seeded leads that are left, so the other CRM specs see only their own leads (a full
 * first page made their axe scans several times slower).
 */
async function removeSeededLeads(request: APIRequestContext) {
  for (;;) {
    const page = await request.get("/api/crm/leads?view=paid&q=twice.&limit=200");
    expect(page.ok()).toBe(true);
    const ids = ((await page.json()) as { leads: { id: string }[] }).leads.map((lead) => lead.id);
    if (ids.length === 0) return;
    for (let i = 0; i < ids.length; i += 10) {
      const answers = await Promise.all(ids.slice(i, i + 10).map((id) => request.delete(`/api/crm/leads/${id}`)));
      expect(answers.every((answer) => answer.ok())).toBe(true);
    }
  }
}

test("Fix Duplicates shows its progress, keeps it across a reload, cancels, then runs to its result", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/crm-login");
  await signIn(page, ACCOUNTS.sales, "Access CRM Dashboard");
  await expect(page.getByText(`Logged in as ${localPart(ACCOUNTS.sales.email)}`, { exact: true })).toBeVisible();

  const status = page.getByTestId("fix-duplicates-status");
  await expect(status).toHaveAttribute("aria-live", "polite");
  const merging = new RegExp(`^Merged [\\d,]+ of ${DUPLICATE_GROUPS} groups…$`);
  await page.getByRole("button", { name: "Fix Duplicates" }).click();
  await expect(status).toHaveText(merging);
  await expect(page.getByRole("button", { name: "Fixing..." })).toBeDisabled();

  // The job runs on the server: a reload finds it and keeps following it.
  await page.reload();
  await expect(status).toHaveText(merging);
  await page.getByRole("button", { name: "Cancel Fix Duplicates" }).click();
  await expect(status).toHaveText(/^Cancelled: merged [\d,]+ duplicates? in [\d,]+ groups? before stopping\.$/, { timeout: 20_000 });
  await expectToast(page, "Fix Duplicates cancelled");
  await expect(page.getByRole("button", { name: "Cancel Fix Duplicates" })).toHaveCount(0);

  // Started again, it merges what is left and says so.
  await page.getByRole("button", { name: "Fix Duplicates" }).click();
  await expect(status).toHaveText(/^Done: updated [\d,]+ leads; merged [\d,]+ duplicates? in [\d,]+ groups?\.$/, { timeout: 200_000 });
  await expectToast(page, "Duplicates Fixed");
  await expect(page.getByRole("button", { name: "Fix Duplicates" })).toBeEnabled();

  // The older lead of each pair is the one kept (the seeded pairs are paid users).
  await page.getByRole("button", { name: /^Paid Users/ }).click();
  await expect(page).toHaveURL(/view=paid/);
  await page.getByRole("searchbox", { name: "Search leads" }).fill("twice.17.");
  await expect(page).toHaveURL(/q=twice\.17\./);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText("twice.17.1@example.net")).toBeVisible();
  await removeSeededLeads(page.request);
});
