import { expect, test, type APIRequestContext } from "@playwright/test";
import { ACCOUNTS } from "./accounts";
import { expectToast, signIn, waitForHydration } from "./support";

// On PostgreSQL the e2e server runs one worker per core (WEB_CONCURRENCY unset), and Node's cluster
// hands new connections to the workers in turn: a fresh request context per request (a new
// connection each) therefore reaches every worker process, each with its own page cache.
const VISITS = 4;

async function anonymousVisits(baseURL: string, create: (options: { baseURL: string }) => Promise<APIRequestContext>, path: string) {
  const answers: { body: string; cache: string | undefined; policy: string; status: number }[] = [];
  for (let i = 0; i < VISITS; i++) {
    const visitor = await create({ baseURL });
    const response = await visitor.get(path);
    answers.push({
      body: await response.text(),
      cache: response.headers()["x-cache"],
      policy: response.headers()["content-security-policy"] ?? "",
      status: response.status(),
    });
    await visitor.dispose();
  }
  return answers;
}

test("anonymous visitors share one render per content version; an edit shows on the next request in every process; staff pages are their own", async ({
  page,
  playwright,
  baseURL,
}) => {
  const newContext = (options: { baseURL: string }) => playwright.request.newContext(options);
  const title = `Cache Check ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replaceAll(" ", "-");

  // Warm every worker's cache with the library, then it is served as stored.
  await anonymousVisits(baseURL!, newContext, "/simulations");
  for (const answer of await anonymousVisits(baseURL!, newContext, "/simulations")) {
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe("hit");
    expect(answer.body).not.toContain(title);
    expect(answer.policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  }

  // A content editor signs in and adds a simulation through the admin screen.
  await page.goto("/simulation-admin");
  await signIn(page, ACCOUNTS.content);
  await page.getByRole("button", { name: "Create New Simulation" }).click();
  const form = page.getByRole("dialog", { name: "Create New Simulation" });
  await form.getByLabel("Title *", { exact: true }).fill(title);
  await form.getByLabel("Subtitle *").fill("Check that every process shows an edit at once.");
  await form.getByLabel("Instructions *").fill("Open it and read.");
  await form.getByLabel("Typebot URL *").fill("https://typebot.io/cache-check");
  await form.getByRole("button", { name: "Create Simulation" }).click();
  await expectToast(page, "Simulation created successfully");

  // The very next anonymous request, whichever process answers it, shows the new simulation.
  for (const answer of await anonymousVisits(baseURL!, newContext, "/simulations")) {
    expect(answer.body).toContain(title);
  }
  for (const answer of await anonymousVisits(baseURL!, newContext, `/simulations/${slug}`)) {
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(title);
  }

  // The signed-in editor's own pages are rendered for them, with a nonce, never from the shared cache.
  for (const path of ["/", "/simulations", `/simulations/${slug}`]) {
    const response = await page.goto(path);
    expect(response!.headers()["x-cache"], path).toBeUndefined();
    expect(response!.headers()["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[^']+'/);
    await waitForHydration(page);
  }
  const api = await page.request.get("/api/simulations");
  expect(api.headers()["x-cache"]).toBeUndefined();

  // A candidate's cookie, too, bypasses the cache.
  const candidate = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: "ff_candidate=anything" } });
  const asCandidate = await candidate.get("/simulations");
  expect(asCandidate.headers()["x-cache"]).toBeUndefined();
  expect(asCandidate.headers()["content-security-policy"]).toMatch(/'nonce-/);
  await candidate.dispose();
});

test("a repeat visit revalidates with the ETag and gets 304 Not Modified", async ({ request }) => {
  const first = await request.get("/founders-find");
  const etag = first.headers().etag;
  expect(etag).toMatch(/^W\/"\d+-[\w-]+"$/);
  expect(first.headers()["cache-control"]).toBe("no-cache");
  const repeat = await request.get("/founders-find", { headers: { "if-none-match": etag! } });
  expect(repeat.status()).toBe(304);
  expect(await repeat.body()).toHaveLength(0);
});

test("a client-side navigation's data request is stored and shared; `_routes` values the app never sends are answered uncached", async ({
  page,
  playwright,
  baseURL,
}) => {
  const newContext = (options: { baseURL: string }) => playwright.request.newContext(options);
  await page.goto("/about");
  await waitForHydration(page);
  const dataRequest = page.waitForRequest((request) => /\/founders-find\.data(\?|$)/.test(request.url()));
  await page.locator('header a[href="/founders-find"]').first().click();
  const url = new URL((await dataRequest).url());
  // No route of this app opts out of revalidation, so the browser asks for every loader: no `_routes`.
  expect(url.search).toBe("");

  // Warm every worker, then each answers from its cache.
  await anonymousVisits(baseURL!, newContext, url.pathname);
  for (const answer of await anonymousVisits(baseURL!, newContext, url.pathname)) {
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe("hit");
  }
  // Values the app never sends are answered, never stored (before: each one a new entry).
  for (const junk of ["?_routes=routes%2Ffounders-find", "?_routes=root%2Croutes%2Ffounders-find", "?_routes=made-up", `?_routes=${Date.now()}`]) {
    for (const answer of await anonymousVisits(baseURL!, newContext, url.pathname + junk)) {
      expect(answer.status, junk).toBe(200);
      expect(answer.cache, junk).toBeUndefined();
    }
  }
});
