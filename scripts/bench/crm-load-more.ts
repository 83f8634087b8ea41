// "Load more" in the CRM list, click after click, in a browser (issue 21 item 6: it used to slow
// with every page, 1.5–2.7 s per click at 800–1,050 rows):
//   npm run build && npm run bench:crm-load-more
// Debian's Chromium through Playwright at 1280×900 (the table) and 360×800 (the cards) against the
// built server on a fresh PGlite database of LEADS leads. Per click: from the click event, as the
// page received it, to the painted frame after "Showing N" counts the new page (measured inside the
// page, so Playwright's round trips are not counted), and what the Leads section then holds (rows,
// drop-downs, elements). The table compares the 1st click with the 50th and the 100th; the last line
// is the JSON of the figures.
import os from "node:os";
import { chromium, type Page } from "@playwright/test";
import { BENCH_SALES, seedManyLeads } from "./lib/many-leads";
import { runBench, stop } from "./lib/processes";
import { loadAverage, log, ms, printFigures, round, table } from "./lib/report";
import { pgliteTarget, requireBuild, staffLogin, startServer } from "./lib/servers";

const LEADS = Number(process.env.BENCH_LEADS ?? 5_100);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 100);
const REPORTED = [1, 10, 25, 50, 75, 100].filter((click) => click <= CLICKS);
const VIEWPORTS = [
  { name: "table", width: 1280, height: 900 },
  { name: "cards", width: 360, height: 800 },
];

interface Click {
  click: number;
  rowsLoaded: number;
  ms: number;
  rowsInDom: number;
  selects: number;
  elements: number;
}

/** One click on Load more, timed inside the page from the click to the frame showing the new count. */
async function clickLoadMore(page: Page): Promise<Omit<Click, "click">> {
  // A string, not a function: tsx's name-keeping helper (__name) does not exist inside the page.
  await page.evaluate(`void (window.__loadMore = new Promise((resolve) => {
    const section = document.querySelector('section[aria-label="Leads"]');
    const count = () => (section.textContent.match(/Showing ([\\d,]+) of/) || [])[1];
    const before = count();
    let clickedAt = null;
    addEventListener("click", (event) => { clickedAt ??= event.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (clickedAt === null || count() === before) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve({
        ms: performance.now() - clickedAt,
        rowsLoaded: Number(count().replaceAll(",", "")),
        rowsInDom: section.querySelectorAll("tbody tr, li").length,
        selects: section.querySelectorAll("select").length,
        elements: section.querySelectorAll("*").length,
      }), 0));
    });
    observer.observe(section, { childList: true, subtree: true, characterData: true });
  }))`);
  await page.getByRole("button", { name: "Load more" }).click();
  return page.evaluate<Omit<Click, "click">>("window.__loadMore");
}

async function main() {
  requireBuild();
  const target = pgliteTarget();
  log(`seeding ${LEADS.toLocaleString("en-IN")} leads`);
  await seedManyLeads(target, LEADS);
  const server = await startServer("server (pglite)", target, { SEED_DEMO: "false", TRUST_PROXY: "loopback" });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  const results: Record<string, Click[]> = {};
  try {
    const cookie = await staffLogin(server.base, BENCH_SALES);
    const [name, value] = cookie.split("=");
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, baseURL: server.base });
      await context.addCookies([{ name: name!, value: value!, url: server.base }]);
      const page = await context.newPage();
      await page.goto("/crm");
      await page.getByText(/^Showing [\d,]+ of/).waitFor();
      const clicks: Click[] = [];
      for (let click = 1; click <= CLICKS; click++) {
        clicks.push({ click, ...(await clickLoadMore(page)) });
        if (REPORTED.includes(click)) log(`${viewport.name}: click ${click}, ${clicks.at(-1)!.rowsLoaded} rows, ${round(clicks.at(-1)!.ms)} ms`);
      }
      results[viewport.name] = clicks.map((c) => ({ ...c, ms: round(c.ms, 1) }));
      await context.close();
    }
  } finally {
    await browser.close();
    await stop(server.child);
  }
  const load = loadAverage();
  for (const viewport of VIEWPORTS) {
    const clicks = results[viewport.name]!;
    console.log(`\n${viewport.name} (${viewport.width}×${viewport.height}), load average ${load.join(" ")} on ${os.cpus().length} cores`);
    console.log(
      table(
        ["click", "rows loaded", "click to frame", "rows in DOM", "drop-downs", "elements"],
        REPORTED.map((n) => clicks[n - 1]!).map((c) => [`#${c.click}`, c.rowsLoaded, ms(round(c.ms)), c.rowsInDom, c.selects, c.elements]),
      ),
    );
  }
  const ratio = (name: string) => {
    const clicks = results[name]!;
    return round(clicks[Math.min(50, clicks.length) - 1]!.ms / clicks[0]!.ms, 2);
  };
  printFigures({ bench: "crm-load-more", cpus: os.cpus().length, loadAverage: load, leads: LEADS, clicks: CLICKS, fiftiethOverFirst: { table: ratio("table"), cards: ratio("cards") }, results: Object.fromEntries(Object.entries(results).map(([name, clicks]) => [name, clicks.filter((c) => REPORTED.includes(c.click))])) });
}

runBench(main);
