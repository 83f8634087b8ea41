import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  candidateLoginCode,
  candidateSession,
  outbox,
  rateLimit,
} from "~/server/db/schema";
import { CANDIDATE_COOKIE } from "~/server/platform/candidate-sessions";
import { CODE_REQUESTS_PER_EMAIL } from "~/server/features/reports/candidate-routes";
import { CODE_ALREADY_USED, CODE_EXPIRED, CODE_TOO_MANY_TRIES, NO_CODE } from "~/server/features/reports/candidate-auth";
import { submitApplication } from "~/server/features/applications/service";
import { applicationSchema } from "~/shared/schemas/applications";
import { applicationInput } from "../../fixtures/applications";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import {
  candidateCookie,
  latestCode,
  postReport,
  reportInput,
  someIp,
  WEBHOOK_TOKEN,
} from "../../fixtures/reports";

let ctx: TestContext;
let asha: { slug: string };
let ravi: { slug: string };
beforeAll(async () => {
  // Each request below names its own client address (x-forwarded-for), so the per-client limit is tested where meant.
  ctx = await createTestApp({
    REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    TRUST_PROXY: "1",
  });
  asha = (
    await postReport(
      ctx.app,
      reportInput({ email: "asha@example.com", fullName: "Asha Rao" }),
    )
  ).json();
  await postReport(
    ctx.app,
    reportInput({
      email: "Asha@Example.com",
      fullName: "Asha Rao",
      completedAt: "2026-01-01T10:00:00Z",
    }),
  );
  ravi = (
    await postReport(
      ctx.app,
      reportInput({ email: "ravi@example.com", fullName: "Ravi Iyer" }),
    )
  ).json();
});
afterAll(() => ctx.close());
// Each test starts with fresh rate-limit windows; the limits themselves are tested below.
afterEach(() => ctx.db.delete(rateLimit));

const validate = (email: string, ip = someIp()) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/simulation/validate-email",
    payload: { email },
    headers: { "x-forwarded-for": ip },
  });
const verify = (email: string, code: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/simulation/verify",
    payload: { email, code },
    headers: { "x-forwarded-for": someIp() },
  });
const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

describe("signing in with a one-time code", () => {
  it("answers known and unknown addresses identically, and says in the e-mail when there are no reports", async () => {
    const known = await validate("asha@example.com");
    const unknown = await validate("nobody@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(
      Object.keys(known.headers).sort(),
    );
    const [toNobody] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, "nobody@example.com"));
    expect(toNobody!.textBody).toMatch(
      /no simulation reports for this e-mail address yet/,
    );
    expect(toNobody!.priority).toBeGreaterThan(0);
    const code = await latestCode(ctx.app, "asha@example.com");
    // Stored hashed: the clear code appears nowhere in the table.
    const rows = await ctx.db
      .select()
      .from(candidateLoginCode)
      .where(eq(candidateLoginCode.email, "asha@example.com"));
    expect(rows.every((row) => !row.codeHash.includes(code))).toBe(true);
  });

  it("starts a session with the right code (httpOnly, Lax, 7 days), and the code works once", async () => {
    await validate("asha@example.com");
    const code = await latestCode(ctx.app, "asha@example.com");
    const ok = await verify("ASHA@example.com ", code);
    expect(ok.statusCode, ok.body).toBe(200);
    const cookie = ok.cookies.find((c) => c.name === CANDIDATE_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.maxAge).toBe(7 * 24 * 60 * 60);
    const again = await verify("asha@example.com", code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.code).toBeTruthy();
  });

  it("burns a code after five wrong tries, and an older code stops working when the same client address asks for a new one", async () => {
    await validate("ravi@example.com");
    const code = await latestCode(ctx.app, "ravi@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect((await verify("ravi@example.com", wrong)).statusCode).toBe(400);
    expect((await verify("ravi@example.com", code)).statusCode).toBe(400);

    // "Send a new code" from the same browser replaces its code (another address's code would stay: candidate-sign-in-guard.test.ts).
    const sameClient = someIp();
    await validate("ravi@example.com", sameClient);
    const older = await latestCode(ctx.app, "ravi@example.com");
    await validate("ravi@example.com", sameClient);
    const newer = await latestCode(ctx.app, "ravi@example.com");
    if (older !== newer)
      expect((await verify("ravi@example.com", older)).statusCode).toBe(400);
    expect((await verify("ravi@example.com", newer)).statusCode).toBe(200);
  });

  it("says which failure it is: wrong with the tries left, used up after five, expired, already used, none asked for (issue 20 §1.8)", async () => {
    const said = async (email: string, code: string) => {
      const response = await verify(email, code);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(response.json().error.fields.code);
      return response.json().error.fields.code as string;
    };
    await validate("tries@example.com");
    const code = await latestCode(ctx.app, "tries@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await said("tries@example.com", wrong)).toBe("That code is not right. Please check it and try again: 4 tries left.");
    expect(await said("tries@example.com", wrong)).toBe("That code is not right. Please check it and try again: 3 tries left.");
    expect(await said("tries@example.com", wrong)).toBe("That code is not right. Please check it and try again: 2 tries left.");
    expect(await said("tries@example.com", wrong)).toBe("That code is not right. Please check it and try again: 1 try left.");
    expect(await said("tries@example.com", wrong)).toBe(CODE_TOO_MANY_TRIES);
    expect(CODE_TOO_MANY_TRIES).toMatch(/5 wrong tries.*request a new code/);
    // The right code, too late, and any other guess: the code is finished, and why.
    expect(await said("tries@example.com", code)).toBe(CODE_TOO_MANY_TRIES);
    expect(await said("tries@example.com", wrong)).toBe(CODE_TOO_MANY_TRIES);

    await validate("expired@example.com");
    const late = await latestCode(ctx.app, "expired@example.com");
    await ctx.db.update(candidateLoginCode).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(candidateLoginCode.email, "expired@example.com"));
    expect(await said("expired@example.com", late)).toBe(CODE_EXPIRED);
    expect(CODE_EXPIRED).toMatch(/expired.*request a new code/);

    // A code already used, and an older e-mail's code after a newer one replaced it (while the newer one is live).
    const client = someIp();
    await validate("used@example.com", client);
    const first = await latestCode(ctx.app, "used@example.com");
    await validate("used@example.com", client);
    const second = await latestCode(ctx.app, "used@example.com");
    if (first !== second) expect(await said("used@example.com", first)).toBe(CODE_ALREADY_USED);
    expect((await verify("used@example.com", second)).statusCode).toBe(200);
    expect(await said("used@example.com", second)).toBe(CODE_ALREADY_USED);

    expect(await said("never.asked@example.com", "123456")).toBe(NO_CODE);
  });

  it("refuses an expired code", async () => {
    await validate("late@example.com");
    const code = await latestCode(ctx.app, "late@example.com");
    await ctx.db
      .update(candidateLoginCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(candidateLoginCode.email, "late@example.com"));
    expect((await verify("late@example.com", code)).statusCode).toBe(400);
  });

  it("names the wrong field", async () => {
    const badEmail = await validate("not-an-email");
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields.email).toBeTruthy();
    const badCode = await verify("asha@example.com", "12ab");
    expect(badCode.json().error.fields.code).toBe(
      "Please enter the 6-digit code",
    );
  });

  it("limits code requests per address and per client address", async () => {
    const email = "limited@example.com";
    for (let i = 0; i < CODE_REQUESTS_PER_EMAIL; i++)
      expect((await validate(email)).statusCode).toBe(200);
    const refused = await validate(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeTruthy();

    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/simulation/validate-email",
        payload: { email: `many${i}@example.com` },
        headers: { "x-forwarded-for": "198.51.100.7" },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("the candidate's reports", () => {
  it("lists only the session's reports, ignoring any email parameter", async () => {
    const cookie = await candidateCookie(ctx.app, "asha@example.com");
    const response = await get(
      "/api/simulation/reports?email=ravi@example.com",
      cookie,
    );
    expect(response.statusCode).toBe(200);
    const { reports, email } = response.json();
    expect(email).toBe("asha@example.com");
    expect(reports).toHaveLength(2);
    expect(
      reports.every((r: { fullName: string }) => r.fullName === "Asha Rao"),
    ).toBe(true);
    // Newest first.
    expect(Date.parse(reports[0].date)).toBeGreaterThan(
      Date.parse(reports[1].date),
    );
    expect(response.headers["cache-control"]).toContain("no-store");
  });

  it("opens the candidate's own report and PDF, and 404s on another's", async () => {
    const cookie = await candidateCookie(ctx.app, "asha@example.com");
    const own = await get(`/api/simulation/report/${asha.slug}`, cookie);
    expect(own.statusCode).toBe(200);
    expect(
      own.json().dimensionScores["Business Strategy & Thinking"].skills[
        "Problem identification"
      ],
    ).toBeTypeOf("number");
    expect(own.json().caseStudyDetails.scenes).toHaveLength(10);
    const pdf = await get(`/api/simulation/report/${asha.slug}/pdf`, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const other = await get(`/api/simulation/report/${ravi.slug}`, cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(
      "Report not found or access denied",
    );
    expect(
      (await get(`/api/simulation/report/${ravi.slug}/pdf`, cookie)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/simulation/report/no-such-slug`, cookie)).statusCode,
    ).toBe(404);
  });

  it("needs a session: 401 without one, and after logout", async () => {
    expect((await get("/api/simulation/reports")).statusCode).toBe(401);
    expect((await get(`/api/simulation/report/${asha.slug}`)).statusCode).toBe(
      401,
    );
    expect(
      (await get("/api/simulation/reports", `${CANDIDATE_COOKIE}=forged-token`))
        .statusCode,
    ).toBe(401);
    const cookie = await candidateCookie(ctx.app, "asha@example.com");
    const logout = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation/logout",
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === CANDIDATE_COOKIE)?.value).toBe(
      "",
    );
    expect((await get("/api/simulation/reports", cookie)).statusCode).toBe(401);
    const sessions = await ctx.db
      .select()
      .from(candidateSession)
      .where(eq(candidateSession.email, "asha@example.com"));
    expect(sessions.some((s) => s.revokedAt !== null)).toBe(true);
  });

  it("lets admin and admissions staff open any report, and nobody else", async () => {
    for (const roles of [["admin"], ["admissions"]] as const) {
      const staff = await signedIn(ctx, [...roles]);
      expect(
        (await get(`/api/simulation/report/${ravi.slug}`, staff.cookie))
          .statusCode,
      ).toBe(200);
      expect(
        (await get(`/api/simulation/report/${ravi.slug}/pdf`, staff.cookie))
          .statusCode,
      ).toBe(200);
    }
    for (const roles of [["content"], ["sales"]] as const) {
      const staff = await signedIn(ctx, [...roles]);
      expect(
        (await get(`/api/simulation/report/${ravi.slug}`, staff.cookie))
          .statusCode,
      ).toBe(404);
    }
    // A staff cookie is not a candidate session: staff have no "own" report list.
    const admin = await signedIn(ctx, ["admin"]);
    expect(
      (await get("/api/simulation/reports", admin.cookie)).statusCode,
    ).toBe(401);
  });

  it("shows the wizard's self-rating beside the scores when the candidate also applied", async () => {
    await submitApplication(
      ctx.db,
      applicationSchema.parse(applicationInput({ email: "ravi@example.com" })),
      null,
      "http://localhost:3000",
    );
    const cookie = await candidateCookie(ctx.app, "ravi@example.com");
    const report = (
      await get(`/api/simulation/report/${ravi.slug}`, cookie)
    ).json();
    expect(Object.keys(report.selfRating ?? {})).toEqual(
      expect.arrayContaining([
        "strategy",
        "execution",
        "communication",
        "leadership",
        "growth",
        "tech",
      ]),
    );
    const asha2 = await candidateCookie(ctx.app, "asha@example.com");
    expect(
      (await get(`/api/simulation/report/${asha.slug}`, asha2)).json()
        .selfRating,
    ).toBeNull();
  });
});
