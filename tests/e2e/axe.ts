import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * WCAG 2.1 A/AA violations (axe-core) of the whole page, or of the part `include` selects, one line
 * each with the rule, its help and the elements. Legacy mode runs axe in the page itself: the
 * default opens a second blank page per check to combine the frames' results, which cost 0.5–0.9 s a
 * check (about sixty checks a run, per engine). The pages under test hold no cross-origin frame.
 * Not `resultTypes: ["violations"]` (10% faster): rules that compare elements across the page, like
 * heading-order, then see one passing heading only and report a wrong order that is not there.
 */
export async function violations(page: Page, include?: string): Promise<string[]> {
  await settled(page);
  const builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * Waits until nothing on the page says it is loading (`aria-busy="true"`, as the CRM's list, board,
 * tabs and summary do) and no transition or finite animation is running (spinners loop forever and
 * are left out). A check made while the lead list faded back in from its loading opacity measured
 * the rows' text at part of its contrast and failed a CI run.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 15_000 },
  );
}
