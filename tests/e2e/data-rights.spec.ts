import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { ACCOUNTS } from "./accounts";
import { readMailbox } from "./mail-peer";
import { candidateSignIn, newestMail, postFixtureReport } from "./reports-support";
import { expectToast, signIn, uniqueEmail } from "./support";

const portOf = (page: Page) => Number(new URL(page.url()).port);

test("a candidate downloads everything held about them as one ZIP of JSON and report PDFs", async ({ page, request }) => {
  const email = uniqueEmail("your-data");
  await postFixtureReport(request, email);
  await postFixtureReport(request, email, { completedAt: "2026-02-01T10:00:00Z" });
  await candidateSignIn(page, email);

  const section = page.getByRole("region", { name: "Your data" });
  await expect(section.getByRole("heading", { name: "Your data" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^founders-find-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const names = Object.keys(files);
  expect(names).toEqual(expect.arrayContaining(["reports.json", "applications.json", "brochure-requests.json", "newsletter.json", "sign-in-history.json", "crm-record.json"]));
  expect(names.filter((name) => /^reports\/.+\.pdf$/.test(name))).toHaveLength(2);
  const reports = JSON.parse(strFromU8(files["reports.json"]!)) as { email: string; fullName: string; yourAnswers: Record<string, string> }[];
  expect(reports).toHaveLength(2);
  expect(reports[0]).toMatchObject({ email, fullName: "Meera Kapoor" });
  expect(Object.keys(reports[0]!.yourAnswers).length).toBeGreaterThan(0);
  const history = JSON.parse(strFromU8(files["sign-in-history.json"]!)) as { signInCodes: { usedAt: string | null }[] };
  expect(history.signInCodes.some((code) => code.usedAt !== null)).toBe(true);
  expect(JSON.parse(strFromU8(files["crm-record.json"]!))).toMatchObject([{ email, hasSimulation: true }]);
});

test("a candidate deletes their data with an e-mailed code, at 360 px by keyboard: no reports at the next sign-in, the lead anonymised, a queued e-mail never sent", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail("greylisted.erase");
  const slug = await postFixtureReport(request, email);
  const staff = await playwright.request.newContext({ baseURL });
  expect((await staff.post("/api/auth/login", { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);

  await page.setViewportSize({ width: 360, height: 780 });
  await candidateSignIn(page, email);
  const open = page.getByRole("button", { name: "Delete my data" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete my data" });
  await expect(dialog.getByRole("heading", { name: "What is deleted" })).toBeVisible();
  await expect(dialog.getByText("1 simulation report with your answers")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "What is kept, and why" })).toBeVisible();
  await expect(dialog.getByText("An anonymous entry in our admissions figures, with your name and contact details removed.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);

  const mailsBefore = Date.now();
  await dialog.getByRole("button", { name: "Email me a code" }).focus();
  await page.keyboard.press("Enter");
  const codeField = dialog.getByLabel("Confirmation code");
  await expect(codeField).toBeFocused();
  const mail = await newestMail(page, email, /deleting your data is \d{6}/, mailsBefore);
  expect(mail).toContain("1 simulation report with your answers");
  const code = /deleting your data is (\d{6})/.exec(mail)![1]!;

  // Staff send "report ready" now; the mail peer turns the first try away, so it waits in the outbox
  // for its retry (MAIL_RETRY_SECONDS, 10 s on the e2e servers), which comes after the erasure below.
  const queued = await staff.post("/api/simulation/send-notification", {
    data: { email, fullName: "Meera Kapoor", simulationType: "Founder's Office Diagnostic", totalScore: 68, slug },
  });
  expect(queued.status(), await queued.text()).toBe(200);
  const queuedAt = Date.now();

  await page.keyboard.type(code === "000000" ? "000001" : "000000");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("That code is not valid: 4 tries left.")).toBeVisible();
  await codeField.fill(code);
  await page.keyboard.press("Enter");
  await expectToast(page, "Your data has been deleted", "Nothing that identifies you is kept.");
  await expect(page).toHaveURL(/\/simulation-login$/);

  // Signing in again works and finds nothing.
  await candidateSignIn(page, email);
  await expect(page.getByText("You haven't yet participated in our Simulation!")).toBeVisible();

  // The CRM has no lead with the address any more.
  const sales = await playwright.request.newContext({ baseURL });
  expect((await sales.post("/api/auth/login", { data: { email: ACCOUNTS.sales.email, password: ACCOUNTS.sales.password } })).status()).toBe(200);
  const leads = (await (await sales.get(`/api/crm/leads?q=${encodeURIComponent(email)}`)).json()) as { leads: unknown[] };
  expect(leads.leads).toHaveLength(0);

  // Admins see the erasure, without the address.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/data-requests");
  await signIn(page, ACCOUNTS.admin);
  await page.getByLabel("Find by e-mail address").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("row", { name: /Deleted their data/ })).toHaveCount(1);
  await expect(page.getByText(email)).toHaveCount(0);

  // Past the retry of the "report ready" e-mail: it never arrives.
  await page.waitForTimeout(Math.max(0, queuedAt + 15_000 - Date.now()));
  expect(readMailbox(portOf(page)).filter((m) => m.to.includes(email) && /report is ready/i.test(m.raw))).toHaveLength(0);
  await staff.dispose();
  await sales.dispose();
});
