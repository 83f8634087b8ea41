import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support";
import { candidateSignIn, postFixtureReport } from "./reports-support";

test("the report shows where the candidate stands, how the score is built, next steps and progress; the dashboard a trend", async ({ page, request }) => {
  const simulationType = `Standing Check ${Math.random().toString(36).slice(2, 8)}`;
  // Twenty other candidates, totals 50, 52 … 88.
  for (let i = 0; i < 20; i++) await postFixtureReport(request, uniqueEmail(`rival${i}`), { simulationType, simulationSlug: undefined, totalScore: 50 + 2 * i });
  const email = uniqueEmail("standing");
  await postFixtureReport(request, email, { simulationType, simulationSlug: undefined, totalScore: 62, completedAt: "2026-10-01T10:00:00+05:30" });
  const latest = await postFixtureReport(request, email, { simulationType, simulationSlug: undefined, totalScore: 80, completedAt: "2026-11-01T10:00:00+05:30" });

  await page.setViewportSize({ width: 360, height: 800 });
  await candidateSignIn(page, email);
  const trend = page.getByTestId("attempt-trend");
  await expect(trend).toContainText(simulationType);
  await expect(trend).toContainText("62 → 80 · +18 since the attempt before");

  await page.goto(`/simulation-report/${latest}`);
  // 82, 84, 86 and 88 are ahead of 80: 5th of 21, 5/21 → top 24%. The same candidate's 62 is replaced by their 80.
  await expect(page.getByTestId("standing-overall")).toHaveText("Top 24% · 5th of 21 candidates");
  const standing = page.getByRole("region", { name: "Where you stand" });
  await expect(standing.getByRole("listitem")).toHaveCount(6);
  const built = page.getByRole("region", { name: "How the score is built" });
  await expect(built).toContainText("Your total, 80 out of 100");
  await expect(built).toContainText("Excellent is 80 and above, Good 60–79, Average 40–59");
  const progress = page.getByRole("region", { name: "Progress since your previous attempt" });
  await expect(progress.getByTestId("progress-total")).toHaveText(/^Total \+18 since /);
  const steps = page.getByRole("region", { name: "Your next steps" }).getByTestId("next-step");
  await expect(steps).toHaveCount(2);
  // The fixture's two weakest dimensions: Growth (6.0), then Execution (6.2), trained in Weeks 5 and 1.
  await expect(steps.nth(0)).toContainText("Growth & Marketing Acumen");
  await expect(steps.nth(0)).toContainText("Week 5, Growth & Brand Thinking");
  await expect(steps.nth(1)).toContainText("Execution & Operational Excellence");
  await expect(steps.nth(1)).toContainText("Week 1, Execution & Ownership");
  // Nothing wider than the phone's viewport.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: "test-results/e2e/report-standing-360.png", fullPage: true });
});
