// Issue 25 §6–7: strangers can neither lock a candidate out of sign-in nor cancel their code; five
// tries per code hold under concurrent guesses; 100 wrong codes in a row need a known device.
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { candidateLoginCode, outbox, rateLimit } from "~/server/db/schema";
import {
  CODE_ALREADY_SENT,
  CODE_LOCKED,
  CODE_ALREADY_USED,
  CODE_TOO_MANY_TRIES,
  CONSECUTIVE_FAILURE_CAP,
  consecutiveFailuresOf,
  EMAIL_LOCKED,
  rememberAddress,
  unlockCandidateSignIn,
} from "~/server/features/reports/candidate-auth";
import { CODE_REQUESTS_PER_EMAIL, VERIFY_PER_EMAIL } from "~/server/features/reports/candidate-routes";
import { renderMail } from "~/server/platform/mail/outbox";
import { CODE_MAX_FAILURES } from "~/shared/schemas/candidate-auth";
import { createTestApp, type TestContext } from "../../helpers/app";
import { latestCode, postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";

/** A wrong code that was compared: tries left, or (the fifth) the code's end. */
const isWrong = (response: LightMyRequestResponse) => {
  const message = fieldOf(response, "code") ?? "";
  return /^That code is not right\. Please check it and try again: [1-4] tr(y|ies) left\.$/.test(message) || message === CODE_TOO_MANY_TRIES;
};

let ctx: TestContext;
beforeAll(async () => {
  // Requests name their client address in X-Forwarded-For (one trusted hop).
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN, TRUST_PROXY: "1" });
});
afterAll(() => ctx.close());
// Fresh rate-limit windows for each test (as if a quarter hour had passed); the limits are what each test sets up.
beforeEach(() => ctx.db.delete(rateLimit));

/** A client address no other request of this file uses. */
let ipCount = 0;
const newIp = () => {
  ipCount++;
  return `10.${(ipCount >> 16) & 255}.${(ipCount >> 8) & 255}.${ipCount & 255}`;
};

const askForCode = (email: string, ip: string) =>
  ctx.app.inject({ method: "POST", url: "/api/simulation/validate-email", payload: { email }, headers: { "x-forwarded-for": ip } });
const verify = (email: string, code: string, ip: string) =>
  ctx.app.inject({ method: "POST", url: "/api/simulation/verify", payload: { email, code }, headers: { "x-forwarded-for": ip } });
const fieldOf = (response: LightMyRequestResponse, field: string): string | undefined => response.json().error?.fields?.[field];

/** Every code e-mailed to the address, as the worker renders them. */
async function allCodes(email: string): Promise<string[]> {
  const mails = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
  return mails.flatMap((mail) => {
    const rendered = renderMail(mail, ctx.app.secret);
    const code = "text" in rendered ? /sign-in code is (\d{6})/.exec(rendered.text)?.[1] : undefined;
    return code ? [code] : [];
  });
}

/** A 6-digit code that none of the address's codes is. */
async function wrongCodeFor(email: string): Promise<string> {
  const codes = new Set(await allCodes(email));
  for (let n = 0; ; n++) {
    const guess = String(n * 7919 % 1_000_000).padStart(6, "0");
    if (!codes.has(guess)) return guess;
  }
}

/** Signs the candidate in from `ip`, which makes it one of their known addresses. */
async function signInFrom(email: string, ip: string): Promise<void> {
  expect((await askForCode(email, ip)).statusCode).toBe(200);
  const response = await verify(email, await latestCode(ctx.app, email), ip);
  expect(response.statusCode, response.body).toBe(200);
}

describe("strangers cannot lock a candidate out (issue 25 §6)", () => {
  it("a stranger's code requests neither cancel the owner's code nor hold back the owner's known address", async () => {
    const email = "owner.one@example.com";
    await postReport(ctx.app, reportInput({ email, fullName: "Owner One" }));
    const home = newIp();
    await signInFrom(email, home);
    await ctx.db.delete(rateLimit);

    expect((await askForCode(email, home)).statusCode).toBe(200);
    const ownersCode = await latestCode(ctx.app, email);

    // Strangers, each from their own address: five codes between them, then refused.
    const strangers: LightMyRequestResponse[] = [];
    for (let i = 0; i < CODE_REQUESTS_PER_EMAIL + 3; i++) strangers.push(await askForCode(email, newIp()));
    expect(strangers.map((r) => r.statusCode)).toEqual([...Array(CODE_REQUESTS_PER_EMAIL).fill(200), 429, 429, 429]);
    expect(strangers.at(-1)!.headers["retry-after"]).toBeTruthy();

    // The owner's code still works, and their own address still gets codes.
    const signedIn = await verify(email, ownersCode, home);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const again = await askForCode(email, home);
    expect(again.statusCode, again.body).toBe(200);
    expect((await verify(email, await latestCode(ctx.app, email), home)).statusCode).toBe(200);
    // Strangers are still refused.
    expect((await askForCode(email, newIp())).statusCode).toBe(429);
  });

  it("a stranger's wrong guesses do not hold back the owner's known address", async () => {
    const email = "owner.two@example.com";
    const home = newIp();
    await signInFrom(email, home);
    await ctx.db.delete(rateLimit);

    const guesses: LightMyRequestResponse[] = [];
    for (let i = 0; i < VERIFY_PER_EMAIL + 2; i++) guesses.push(await verify(email, "123456", newIp()));
    expect(guesses.map((r) => r.statusCode)).toEqual([...Array(VERIFY_PER_EMAIL).fill(400), 429, 429]);

    expect((await askForCode(email, home)).statusCode).toBe(200);
    const owner = await verify(email, await latestCode(ctx.app, email), home);
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await verify(email, "123456", newIp())).statusCode).toBe(429);
  });

  it("keeps at most five live codes asked for from new addresses, and tells the sixth a code was already sent", async () => {
    const email = "many.devices@example.com";
    for (let i = 0; i < 5; i++) expect((await askForCode(email, newIp())).statusCode).toBe(200);
    // The per-e-mail window passes; the five codes (10 minutes each) are still live.
    await ctx.db.delete(rateLimit);
    const sixth = await askForCode(email, newIp());
    expect(sixth.statusCode).toBe(429);
    expect(fieldOf(sixth, "email")).toBe(CODE_ALREADY_SENT);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    const live = await ctx.db.select().from(candidateLoginCode).where(eq(candidateLoginCode.email, email));
    expect(live.filter((row) => row.usedAt === null)).toHaveLength(5);
    // Any of them signs in (the candidate may open any of the e-mails), and that ends the others.
    const [first, second] = await allCodes(email);
    expect((await verify(email, first!, newIp())).statusCode).toBe(200);
    expect(fieldOf(await verify(email, second!, newIp()), "code")).toBe(CODE_ALREADY_USED);
  });
});

describe("one-time codes against NIST SP 800-63B §5.2.2 (issue 25 §7)", () => {
  it("compares at most five of 20 concurrent wrong guesses with a code; the rest are told it is used up", async () => {
    const email = "race@example.com";
    expect((await askForCode(email, newIp())).statusCode).toBe(200);
    const code = await latestCode(ctx.app, email);
    const wrong = code === "000000" ? "111111" : "000000";
    // Twenty addresses the candidate signed in from before, so no rate limit stops a guess before the code does.
    const ips = Array.from({ length: 20 }, newIp);
    for (const ip of ips) await rememberAddress(ctx.db, ctx.app.secret, email, ip);

    const answers = await Promise.all(ips.map((ip) => verify(email, wrong, ip)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(400));
    // Compared guesses left 4, 3, 2, 1 tries, each told once; the fifth and every later one hear the code is finished.
    const triesLeft = answers.flatMap((r) => /: (\d) tr(?:y|ies) left/.exec(fieldOf(r, "code") ?? "")?.[1] ?? []).sort();
    const usedUp = answers.filter((r) => fieldOf(r, "code") === CODE_TOO_MANY_TRIES);
    expect(triesLeft).toEqual(["1", "2", "3", "4"]);
    expect(triesLeft.length + usedUp.length).toBe(20);
    const [row] = await ctx.db.select().from(candidateLoginCode).where(eq(candidateLoginCode.email, email));
    expect(row!.failedAttempts).toBe(CODE_MAX_FAILURES);
    // Burnt: even the right code no longer works.
    expect(fieldOf(await verify(email, code, ips[0]!), "code")).toBe(CODE_TOO_MANY_TRIES);
  });

  it("after 100 wrong codes in a row, only a device that signed in before gets a code, until a sign-in or staff's unlock", async () => {
    const email = "capped@example.com";
    const home = newIp();
    await signInFrom(email, home);

    // Rounds of three strangers' codes and five wrong guesses each (each guess checked against every live code).
    const answers: LightMyRequestResponse[] = [];
    for (let round = 0; round < 7; round++) {
      await ctx.db.delete(rateLimit);
      for (let i = 0; i < 3; i++) expect((await askForCode(email, newIp())).statusCode).toBe(200);
      const wrong = await wrongCodeFor(email);
      for (let i = 0; i < 5; i++) answers.push(await verify(email, wrong, newIp()));
    }
    // 6 rounds × 3 codes × 5 tries = 90; then three guesses (99), one checked against a single code (100), one refused.
    expect(answers.slice(0, 34).every(isWrong)).toBe(true);
    expect(answers[34]!.statusCode).toBe(429);
    expect(fieldOf(answers[34]!, "code")).toBe(CODE_LOCKED);
    expect(await consecutiveFailuresOf(ctx.db, email)).toBe(CONSECUTIVE_FAILURE_CAP);

    // Past the cap: a live code from a new address is not checked, even when right; new addresses get no code.
    await ctx.db.delete(rateLimit);
    const right = await verify(email, await latestCode(ctx.app, email), newIp());
    expect(right.statusCode).toBe(429);
    expect(fieldOf(right, "code")).toBe(CODE_LOCKED);
    const stranger = await askForCode(email, newIp());
    expect(stranger.statusCode).toBe(429);
    expect(fieldOf(stranger, "email")).toBe(EMAIL_LOCKED);
    expect(stranger.headers["retry-after"]).toBeUndefined();
    expect(await consecutiveFailuresOf(ctx.db, email)).toBe(CONSECUTIVE_FAILURE_CAP);

    // The owner's known address still gets a working code; the sign-in sets the count back to zero.
    expect((await askForCode(email, home)).statusCode).toBe(200);
    const owner = await verify(email, await latestCode(ctx.app, email), home);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(await consecutiveFailuresOf(ctx.db, email)).toBe(0);
    expect((await askForCode(email, newIp())).statusCode).toBe(200);
  });

  it("staff's unlock lets a candidate without a known device ask for codes again", async () => {
    const email = "no.device@example.com";
    for (let round = 0; round < 4; round++) {
      await ctx.db.delete(rateLimit);
      for (let i = 0; i < 5; i++) expect((await askForCode(email, newIp())).statusCode).toBe(200);
      const wrong = await wrongCodeFor(email);
      for (let i = 0; i < 5; i++) expect(isWrong(await verify(email, wrong, newIp()))).toBe(true);
    }
    expect(await consecutiveFailuresOf(ctx.db, email)).toBe(CONSECUTIVE_FAILURE_CAP);
    await ctx.db.delete(rateLimit);
    expect(fieldOf(await askForCode(email, newIp()), "email")).toBe(EMAIL_LOCKED);

    expect(await unlockCandidateSignIn(ctx.db, email)).toBe(true);
    const ip = newIp();
    expect((await askForCode(email, ip)).statusCode).toBe(200);
    expect((await verify(email, await latestCode(ctx.app, email), ip)).statusCode).toBe(200);
  });
});
