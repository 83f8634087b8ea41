// Screenshots of every public page, at a phone's width (360 px) and a laptop's (1280 px):
//   npm run build && npm run screenshots [-- output-folder]
// Starts the built server on a fresh embedded database with the demo content (as a new installation
// shows it), signs the demo candidate in for My Reports, and writes one full-page PNG per page and
// width, plus the mobile menu open, into `screenshots/` (ignored by git) or the folder given.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "~/server/config";
import { openConfiguredDatabase } from "~/server/db/open";
import { seedDemoContent } from "~/server/features/demo/seed";
import { atCleanup, runBench, root, stop } from "./bench/lib/processes";
import { pgliteTarget, requireBuild, startServer, targetConfigEnv, type DataTarget, type Started } from "./bench/lib/servers";

const WIDTHS = [360, 1280] as const;
const DEMO_CANDIDATE = "demo.candidate@example.com";
const outDir = path.resolve(root, process.argv[2] ?? "screenshots");

interface Shot {
  name: string;
  path: string;
  /** Runs on the loaded page before the picture (open a menu, wait for something). */
  prepare?: (page: Page) => Promise<void>;
  /** Only at these widths. */
  widths?: readonly number[];
  /** Needs the demo candidate's session. */
  candidate?: boolean;
}

/** Lazy images load only near the viewport: walk down the page so a full-page picture has them all. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => window.innerHeight);
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await page.waitForTimeout(60);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
}

/** A local SMTP peer for the server: the demo candidate's sign-in code arrives by e-mail, as it would for a person. */
async function startMailPeer(): Promise<{ url: string; mails: () => string[] }> {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        mails.push(raw.replace(/=\r?\n/g, ""));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  atCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`, mails: () => mails };
}

/** The demo candidate's session: a code asked through the API, read from the e-mail the local SMTP peer received. */
async function candidateCookie(server: Started, mails: () => string[]): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(server.base + url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const asked = await post("/api/simulation/validate-email", { email: DEMO_CANDIDATE });
  if (!asked.ok) throw new Error(`asking for a sign-in code answered ${asked.status}`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const mail = mails().find((raw) => raw.includes(DEMO_CANDIDATE) && /sign-in code is \d{6}/.test(raw));
    code = mail ? /sign-in code is (\d{6})/.exec(mail)?.[1] : undefined;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error("no sign-in code e-mail reached the local SMTP peer");
  const verified = await post("/api/simulation/verify", { email: DEMO_CANDIDATE, code });
  const cookie = verified.headers.getSetCookie().find((c) => c.startsWith("ff_candidate="));
  if (!verified.ok || !cookie) throw new Error(`verifying the code answered ${verified.status}`);
  return cookie.split(";")[0]!.slice("ff_candidate=".length);
}

async function firstSlugs(base: string, cookie: string): Promise<{ simulation: string; report: string }> {
  const simulations = (await (await fetch(`${base}/api/simulations`)).json()) as { slug: string }[];
  const reports = (await (await fetch(`${base}/api/simulation/reports`, { headers: { cookie: `ff_candidate=${cookie}` } })).json()) as
    | { slug: string }[]
    | { reports: { slug: string }[] };
  const list = Array.isArray(reports) ? reports : reports.reports;
  return { simulation: simulations[0]!.slug, report: list[0]!.slug };
}

async function shoot(context: BrowserContext, base: string, shot: Shot, width: number): Promise<string> {
  const page = await context.newPage();
  try {
    await page.goto(base + shot.path, { waitUntil: "load" });
    await scrollThrough(page);
    await shot.prepare?.(page);
    const file = path.join(outDir, `${shot.name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
    return file;
  } finally {
    await page.close();
  }
}

/** The demo content, loaded before the server starts (drawing portraits and artwork takes a while on a busy machine). */
async function seedDemo(target: DataTarget): Promise<void> {
  const { database, release } = await openConfiguredDatabase(loadConfig(targetConfigEnv(target)));
  try {
    await seedDemoContent(database.db);
  } finally {
    await database.close();
    release();
  }
}

async function main() {
  requireBuild();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const target = pgliteTarget();
  await seedDemo(target);
  const peer = await startMailPeer();
  const server = await startServer("site", target, { SMTP_URL: peer.url });
  const cookie = await candidateCookie(server, peer.mails);
  const slugs = await firstSlugs(server.base, cookie);
  const shots: Shot[] = [
    { name: "home", path: "/" },
    {
      name: "home-menu-open",
      path: "/",
      widths: [360],
      prepare: async (page) => {
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.locator("#mobile-menu").waitFor();
      },
    },
    { name: "founders-find", path: "/founders-find" },
    { name: "about", path: "/about" },
    { name: "simulations", path: "/simulations" },
    { name: "simulation-dialog", path: `/simulations/${slugs.simulation}`, prepare: (page) => page.getByRole("dialog").waitFor() },
    { name: "privacy", path: "/privacy" },
    { name: "terms", path: "/terms" },
    { name: "simulation-login", path: "/simulation-login" },
    { name: "simulation-dashboard", path: "/simulation-dashboard", candidate: true },
    { name: "simulation-report", path: `/simulation-report/${slugs.report}`, candidate: true },
    { name: "thank-you", path: "/thank-you" },
    { name: "not-found", path: "/no-such-page" },
  ];

  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width < 640 ? 780 : 800 }, deviceScaleFactor: 1 });
      const host = new URL(server.base).hostname;
      await context.addCookies([{ name: "ff_candidate", value: cookie, domain: host, path: "/", httpOnly: true, sameSite: "Lax" }]);
      for (const shot of shots) {
        if (shot.widths && !shot.widths.includes(width)) continue;
        const file = await shoot(context, server.base, shot, width);
        console.info(path.relative(root, file));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await stop(server.child);
  }
  console.info(`Screenshots written to ${path.relative(root, outDir) || "."}/`);
}

runBench(main);
