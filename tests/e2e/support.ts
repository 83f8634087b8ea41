import { expect, type Locator, type Page } from "@playwright/test";
import type { E2eAccount } from "./accounts";

/**
 * Resolves once React Router's client has called hydrateRoot on the document. From then on React
 * handles clicks and submits (hydrating synchronously if needed); before it, they are plain HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));
}

/** The Radix toast viewport ("Notifications (F8)"); toasts are looked up inside it. */
export const toastRegion = (page: Page): Locator => page.getByRole("region", { name: "Notifications (F8)" });

export async function expectToast(page: Page, title: string, description?: string): Promise<Locator> {
  const toast = toastRegion(page).getByRole("listitem").filter({ hasText: title });
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(toast.getByText(description, { exact: true })).toBeVisible();
  return toast;
}

/** Fills a staff sign-in form (admin, CRM or simulation admin) and submits it. */
export async function signIn(page: Page, account: Pick<E2eAccount, "email" | "password">, submit = "Login"): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: submit, exact: true }).click();
}

/**
 * Below 640 px the CRM toolbar keeps Sync All Data, Export CSV, Funnel and Assignment rules
 * behind "More actions" (more-actions.tsx): opens it there, so they can be clicked; wider, they show.
 */
export async function showMoreCrmActions(page: Page): Promise<void> {
  if (page.viewportSize()!.width >= 640) return;
  const toggle = page.getByRole("button", { name: /^(More|Fewer) actions$/ });
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

/** How many leads "Showing N of M" says are on the screen. */
export const shownCount = async (showing: Locator): Promise<number> =>
  Number((await showing.textContent())!.match(/Showing ([\d,]+)/)![1]!.replaceAll(",", ""));

/**
 * Waits for "Showing N" to pass `before` after a Load more, looking every 20 ms: with expect's
 * back-off (100 ms, then 250 ms) a page drawn in ~150 ms was seen at ~350 ms; the 100-page test
 * took 30/39 s instead of 35/43 s alone.
 */
export const moreShown = (showing: Locator, before: number): Promise<void> =>
  expect.poll(() => shownCount(showing), { intervals: [20] }).toBeGreaterThan(before);

/** An address no earlier run has used, so each run exercises a first sign-up. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Undoes the HTML escaping React applies to text and attributes. */
export const decode = (text: string | undefined) =>
  text
    ?.replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/**
 * Records the name of every analytics event the page tracks, synchronously: `track()` also hands each
 * event to `window.gtag` (Google Analytics, when configured), for which this stands in. Call it before
 * the page loads; the returned function reads the names so far.
 */
export async function recordTrackedEvents(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const names: string[] = [];
    Object.assign(window, {
      trackedEvents: names,
      gtag: (command: string, name: string) => command === "event" && names.push(name),
    });
  });
  return () => page.evaluate(() => (window as unknown as { trackedEvents: string[] }).trackedEvents);
}
