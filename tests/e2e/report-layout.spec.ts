import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { candidateSignIn, postFixtureReport } from "./reports-support";
import { clipped, staffTableProblems } from "./layout-checks";
import { expectToast, signIn, uniqueEmail, waitForHydration } from "./support";

// The candidate report page as a phone and a laptop show it (issue 20 §1, items 1, 2, 9 and 10).

const DIMENSIONS = [
  "Business Strategy & Thinking",
  "Execution & Operational Excellence",
  "Communication & Stakeholder Management",
  "Leadership & Entrepreneurial Skills",
  "Growth & Marketing Acumen",
  "Tech & Automation Fluency",
];
const WIDTHS = [360, 1280];

/** Nothing on the page is wider than the window (no sideways scrolling of the page itself). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Every axis name in the page's charts: its full name (its <title>, or its own text), and what is
 * wrong with it — drawn text that is not the full name, a box cut off by the chart or leaving its
 * card, or a font under 11 CSS px once the drawing is scaled to the screen.
 */
function chartLabels(page: Page) {
  return page.evaluate(() => {
    const normalise = (text: string) => text.replace(/-\s+/g, "-").replace(/\s+/g, " ").trim();
    const names: string[] = [];
    const problems: string[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>("figure svg")) {
      const chart = svg.getBoundingClientRect();
      const card = svg.closest("section")!.getBoundingClientRect();
      const scale = chart.width / (svg.viewBox.baseVal?.width || chart.width);
      for (const text of svg.querySelectorAll("text")) {
        const lines = [...text.querySelectorAll("tspan")].map((line) => line.textContent ?? "");
        const drawn = normalise(lines.length ? lines.join(" ") : (text.textContent ?? ""));
        if (/^\d+$/.test(drawn)) continue; // the rings' values
        const name = text.closest("g")?.querySelector(":scope > title")?.textContent ?? drawn;
        names.push(name);
        if (drawn !== normalise(name)) problems.push(`"${drawn}" is not all of "${name}"`);
        const box = text.getBoundingClientRect();
        if (box.left < chart.left - 0.5 || box.right > chart.right + 0.5 || box.top < chart.top - 0.5 || box.bottom > chart.bottom + 0.5)
          problems.push(`"${name}" is cut off by its chart`);
        if (box.left < card.left || box.right > card.right) problems.push(`"${name}" leaves its card`);
        const size = parseFloat(getComputedStyle(text).fontSize) * scale;
        if (size < 11) problems.push(`"${name}" is ${size.toFixed(1)} px`);
      }
    }
    return { names, problems };
  });
}

async function staffRequest(request: APIRequestContext) {
  const login = await request.post("/api/auth/login", { data: { email: ACCOUNTS.admissions.email, password: ACCOUNTS.admissions.password } });
  expect(login.status(), await login.text()).toBe(200);
}

/** Imports report rows as admissions staff would (averages only, no skills or feedback). */
async function importReports(request: APIRequestContext, rows: { name: string; email: string; score: number }[]) {
  await staffRequest(request);
  const csv = [
    "Name,Email,Company,Total Score,Strategy,Execution,Communication,Leadership,Growth,Tech,Completed At",
    ...rows.map((row) => `${row.name},${row.email},Importco,${row.score},7.5,6,6.5,7,5.5,8,2025-05-01T10:00:00Z`),
  ].join("\n");
  const response = await request.post("/api/simulation/admin/reports/import", { multipart: { file: { name: "history.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } } });
  expect(response.status(), await response.text()).toBe(200);
}

for (const width of WIDTHS) {
  test(`at ${width} px every chart label is whole and readable, and a long word in the summary wraps`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    const email = uniqueEmail(`labels-${width}`);
    const longWord = "Ownership".repeat(40);
    const slug = await postFixtureReport(request, email, { overallSummary: `Found the root cause fast and with data. ${longWord}` });
    await candidateSignIn(page, email);
    await page.goto(`/simulation-report/${slug}`);
    await waitForHydration(page);
    await expect(page.getByText(longWord)).toBeVisible();

    await expect.poll(async () => (await chartLabels(page)).problems, { timeout: 5_000 }).toEqual([]);
    const { names } = await chartLabels(page);
    expect(names).toEqual(expect.arrayContaining([...DIMENSIONS, "Problem identification", "Resource optimization", "Metrics-driven thinking", "Technical literacy", "Process automation"]));
    expect(names).toHaveLength(6 + 18);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // No chart's box is much taller than the drawing needs (a full-width radar on a laptop was 940 px
    // tall around a 408 px drawing): each at most 40rem wide, so at most ~600 px tall.
    const heights = await page.locator("figure svg").evaluateAll((svgs) => svgs.map((svg) => Math.round(svg.getBoundingClientRect().height)));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.max(...heights)).toBeLessThanOrEqual(600);
  });
}

test("an imported report shows each dimension's average without empty charts or feedback", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const email = uniqueEmail("imported");
  await importReports(request, [{ name: "Isha Imported", email, score: 66 }]);
  await candidateSignIn(page, email);
  await page.getByRole("article").getByRole("link", { name: "View Report" }).click();
  await expect(page.getByRole("figure", { name: "Average score by dimension, out of 10" })).toBeVisible();
  for (const [name, average] of [
    ["Business Strategy & Thinking", "7.5"],
    ["Tech & Automation Fluency", "8.0"],
  ]) {
    await expect(page.getByRole("region", { name }).getByText(`Avg ${average}/10`)).toBeVisible();
  }
  await expect(page.getByRole("figure")).toHaveCount(1);
  await expect(page.getByRole("tab", { name: "Chart View" })).toHaveCount(0);
  await expect(page.getByText("No feedback available")).toHaveCount(0);
  expect((await chartLabels(page)).problems).toEqual([]);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});

test("at 360 px the staff reports table with hundreds of rows is a column of cards, each field named, nothing sideways", async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 8);
  await importReports(
    request,
    Array.from({ length: 220 }, (_, i) => ({ name: `Wide Row ${tag} ${i}`, email: uniqueEmail(`wide-${tag}-${i}`), score: 40 + (i % 60) })),
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/admin");
  await signIn(page, ACCOUNTS.admissions);
  await page.getByRole("tab", { name: "Simulation Reports" }).click();
  const panel = page.getByRole("tabpanel", { name: "Simulation Reports" });
  await panel.getByLabel("Search").fill(`Wide Row ${tag}`);
  // The search has settled (the count is of this run's rows) before the pages are added.
  await expect(panel.getByRole("definition").first()).toHaveText("220");
  await expect(panel.getByRole("row")).toHaveCount(26);
  for (let shown = 25; shown < 200; shown += 25) {
    await panel.getByRole("button", { name: "Load more" }).click();
    await expect(panel.getByRole("row")).toHaveCount(shown + 26);
  }
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  const table = panel.getByRole("table", { name: "Simulation reports, newest first" });
  expect(await staffTableProblems(table)).toEqual([]);
  expect(await clipped(table)).toEqual([]);
});

test("on a phone the sign-in toast does not cover the first report card", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = uniqueEmail("toast");
  await postFixtureReport(request, email);
  await candidateSignIn(page, email);
  const toast = await expectToast(page, "Login successful", "Welcome to your simulation dashboard");
  const card = page.getByRole("article").first();
  await expect(card).toBeVisible();
  const [toastBox, cardBox, heading] = await Promise.all([toast.boundingBox(), card.boundingBox(), page.getByRole("heading", { level: 1 }).boundingBox()]);
  const overlaps = (a: typeof toastBox, b: typeof toastBox) => !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps(toastBox, cardBox), "the toast covers the first report card").toBe(false);
  expect(overlaps(toastBox, heading), "the toast covers the page's heading").toBe(false);
});

test("signed out, a report's address leads through the sign-in back to that report; an off-site return path is refused", async ({ page, request }) => {
  const email = uniqueEmail("return");
  const slug = await postFixtureReport(request, email);
  await page.goto(`/simulation-report/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/simulation-login\\?returnTo=%2Fsimulation-report%2F${slug}$`));
  await candidateSignIn(page, email, { from: `/simulation-report/${slug}`, landsOn: new RegExp(`/simulation-report/${slug}$`) });
  await expect(page.getByRole("heading", { name: "Founder's Office Diagnostic Report" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Dashboard/ })).toHaveAttribute("href", "/simulation-dashboard");

  // Signed in, the sign-in page goes straight to a path on this site, and never to another site.
  await page.goto(`/simulation-login?returnTo=${encodeURIComponent(`/simulation-report/${slug}`)}`);
  await expect(page).toHaveURL(new RegExp(`/simulation-report/${slug}$`));
  for (const offSite of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/\\/evil.example"]) {
    await page.goto(`/simulation-login?returnTo=${encodeURIComponent(offSite)}`);
    await expect(page, offSite).toHaveURL(/\/simulation-dashboard$/);
  }

  // Signed out, the code form ignores an off-site return path too.
  await page.context().clearCookies();
  await candidateSignIn(page, email, { from: `/simulation-login?returnTo=${encodeURIComponent("https://evil.example/")}`, landsOn: /\/simulation-dashboard$/ });
});

test("staff who open a report go back to /admin, not to the candidate sign-in", async ({ page, request }) => {
  const slug = await postFixtureReport(request, uniqueEmail("staff-view"));
  await page.goto("/admin");
  await signIn(page, ACCOUNTS.admissions);
  await expect(page.getByRole("tab", { name: "Simulation Reports" })).toBeVisible();
  await page.goto(`/simulation-report/${slug}`);
  await expect(page.getByRole("heading", { name: "Founder's Office Diagnostic Report" })).toBeVisible();
  const back = page.getByRole("link", { name: /Back to Dashboard/ });
  await expect(back).toHaveAttribute("href", "/admin");
  await back.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("tab", { name: "Simulation Reports" })).toBeVisible();
});
