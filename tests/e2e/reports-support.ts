import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_WEBHOOK_TOKEN } from "./accounts";
import { readMailbox } from "./mail-peer";
import { waitForHydration } from "./support";

const fixture = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/report-intake.json"), "utf8")) as Record<string, unknown>;

/** Posts the chatbot's fixture report for `email` through the webhook, as Typebot would; returns its slug. */
export async function postFixtureReport(request: APIRequestContext, email: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await request.post("/api/simulation/reports", {
    headers: { authorization: `Bearer ${E2E_WEBHOOK_TOKEN}` },
    data: { ...fixture, resultId: `e2e-${Math.random().toString(36).slice(2)}`, email, ...overrides },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { slug: string }).slug;
}

const portOf = (page: Page) => Number(new URL(page.url()).port);

/** The body of the newest message the SMTP peer received for `email` matching `pattern`. */
export async function newestMail(page: Page, email: string, pattern: RegExp, after = 0): Promise<string> {
  let found = "";
  await expect
    .poll(() => {
      const mail = readMailbox(portOf(page))
        .filter((m) => m.at >= after && m.to.includes(email) && pattern.test(m.raw.replace(/=\r?\n/g, "")))
        .at(-1);
      found = mail ? mail.raw.replace(/=\r?\n/g, "") : "";
      return found !== "";
    }, { timeout: 15_000 })
    .toBe(true);
  return found;
}

/**
 * Signs in at /simulation-login with the code the SMTP peer received. `from` is the address first
 * opened (it may lead to the sign-in, e.g. a report's), `landsOn` where the sign-in must end.
 */
export async function candidateSignIn(page: Page, email: string, { from = "/simulation-login", landsOn = /\/simulation-dashboard$/ } = {}): Promise<void> {
  await page.goto(from);
  await waitForHydration(page);
  // The new code's e-mail, not an earlier one to the same address that arrived moments before.
  const codeMails = () =>
    readMailbox(portOf(page))
      .filter((m) => m.to.includes(email))
      .map((m) => m.raw.replace(/=\r?\n/g, ""))
      .filter((raw) => /sign-in code is \d{6}/.test(raw));
  const before = codeMails().length;
  await page.getByRole("main").getByLabel("Email Address", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Access Reports" }).click();
  await expect(page.getByLabel("6-digit code")).toBeVisible();
  await expect.poll(() => codeMails().length, { timeout: 15_000 }).toBeGreaterThan(before);
  const code = /sign-in code is (\d{6})/.exec(codeMails().at(-1)!)![1]!;
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page).toHaveURL(landsOn);
}
