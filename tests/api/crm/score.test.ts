// Issue 23 §3: the lead score, kept by the database in the transaction of each engagement (application,
// brochure, simulation report, application status, sales activity), sorted and filtered on one index.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Db } from "~/server/db/client";
import { application, lead, leadScoreSetting } from "~/server/db/schema";
import { submitApplication } from "~/server/features/applications/service";
import { recordBrochureDownload } from "~/server/features/brochure/service";
import { rescoreBatch, runRescoring, syncScoreWeights } from "~/server/features/crm/score-job";
import { keyForScore, LEAD_SCORE_WEIGHTS, scoreFromKey } from "~/shared/crm/lead-score";
import { applicationSchema } from "~/shared/schemas/applications";
import type { Lead, LeadPage } from "~/shared/schemas/crm";
import { applicationFields, applicationInput, multipartBody } from "../../fixtures/applications";
import { leadFactory, searchTag } from "../../fixtures/leads";
import { postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
let admissions: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN });
  sales = await signedIn(ctx, ["sales"]);
  admissions = await signedIn(ctx, ["admissions"]);
});
afterAll(() => ctx.close());

let ip = 0;
/** Every person their own mobile: a capture matches a lead by mobile too. */
const freshMobile = () => `8${String(Date.now() % 1e5).padStart(5, "0")}${String(++ip).padStart(4, "0")}`;
const remoteAddress = () => `10.23.${Math.floor(++ip / 250)}.${ip % 250}`;
const leadByEmail = async (email: string, db: Db = ctx.db) => (await db.select().from(lead).where(eq(lead.email, email)))[0]!;
const scoreOf = (row: { scoreKey: number }) => scoreFromKey(row.scoreKey, new Date());
const shown = async (id: string) => (await ctx.app.inject({ method: "GET", url: `/api/crm/leads/${id}`, headers: { cookie: sales.cookie } })).json() as Lead;
const list = async (query: string) => {
  const response = await ctx.app.inject({ method: "GET", url: `/api/crm/leads?${query}`, headers: { cookie: sales.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LeadPage;
};
const apply = async (email: string) => {
  const response = await ctx.app.inject({ method: "POST", url: "/api/applications", ...multipartBody(applicationFields(applicationInput({ email }))), remoteAddress: remoteAddress() });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await ctx.db.select({ id: application.id }).from(application).where(eq(application.email, email));
  return row!.id;
};
const brochure = async (email: string) => {
  const response = await ctx.app.inject({ method: "POST", url: "/api/brochure-download", payload: { name: "Asha Rao", email, mobile: freshMobile() }, remoteAddress: remoteAddress() });
  expect(response.statusCode, response.body).toBeLessThan(300);
};
const freshEmail = (word: string) => `${searchTag(word)}@example.com`;

describe("the score of each kind of engagement", () => {
  it("a brochure request scores its points, with the reason", async () => {
    const email = freshEmail("brochure");
    await brochure(email);
    const row = await leadByEmail(email);
    expect(scoreOf(row)).toBe(LEAD_SCORE_WEIGHTS.brochure);
    expect((await shown(row.id)).scoreReasons).toEqual(["brochure today"]);
  });

  it("an application adds its points, and its status change rescores the lead", async () => {
    const email = freshEmail("applicant");
    await brochure(email);
    const applicationId = await apply(email);
    const row = await leadByEmail(email);
    expect(scoreOf(row)).toBe(LEAD_SCORE_WEIGHTS.brochure + LEAD_SCORE_WEIGHTS.application);
    expect((await shown(row.id)).scoreReasons).toEqual(["applied today", "brochure"]);
    const patched = await ctx.app.inject({ method: "PATCH", url: `/api/applications/${applicationId}/status`, headers: { cookie: admissions.cookie }, payload: { status: "shortlisted" } });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await shown(row.id);
    expect(after.score).toBe(LEAD_SCORE_WEIGHTS.brochure + LEAD_SCORE_WEIGHTS.application + LEAD_SCORE_WEIGHTS.applicationStatus.shortlisted);
    expect(after.scoreReasons).toEqual(["applied today", "Shortlisted for Interview", "brochure"]);
    await ctx.app.inject({ method: "PATCH", url: `/api/applications/${applicationId}/status`, headers: { cookie: admissions.cookie }, payload: { status: "rejected" } });
    expect((await shown(row.id)).score).toBe(LEAD_SCORE_WEIGHTS.brochure);
  });

  it("a simulation report scores its best total, band and attempts (the webhook's one statement)", async () => {
    const email = freshEmail("candidate");
    expect((await postReport(ctx.app, reportInput({ email, fullName: "Asha Rao", totalScore: 72 }))).statusCode).toBe(200);
    const first = await shown((await leadByEmail(email)).id);
    // 72 × 0.3 = 21.6, Good +5.
    expect(first.score).toBe(27);
    expect(first.scoreReasons).toEqual(["Simulation 72 % Good"]);
    expect((await postReport(ctx.app, reportInput({ email, fullName: "Asha Rao", totalScore: 81, simulationType: "Growth Sprint" }))).statusCode).toBe(200);
    const second = await shown(first.id);
    // 81 × 0.3 = 24.3, Excellent +10, one more attempt +2.
    expect(second.score).toBe(36);
    expect(second.scoreReasons).toEqual(["Simulation 81 % Excellent", "2 attempts"]);
  });

  it("sales activity rescores: a call logged, Likely to Buy; Incorrect takes it all away", async () => {
    const email = freshEmail("sales");
    await brochure(email);
    const { id } = await leadByEmail(email);
    const put = (payload: object) => ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${id}`, payload, headers: { cookie: sales.cookie } });
    expect((await put({ leadStage: "Connected", leadStatus: "Likely to Buy", latestCallDate: new Date().toISOString().slice(0, 10) })).statusCode).toBe(200);
    const worked = await shown(id);
    const w = LEAD_SCORE_WEIGHTS;
    expect(worked.score).toBe(w.brochure + w.stage.Connected + w.status["Likely to Buy"] + w.callLogged);
    expect(worked.scoreReasons).toEqual(["brochure today", "Likely to Buy", "call logged"]);
    expect((await put({ leadStage: "Incorrect", leadStatus: "Test" })).statusCode).toBe(200);
    expect((await shown(id)).score).toBe(0);
  });

  it("is written by the engagement's own transaction: rolled back with it, seen inside it", async () => {
    const email = freshEmail("atomic");
    await brochure(email);
    const before = await leadByEmail(email);
    const rollback = new Error("roll back");
    await expect(
      ctx.db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        await submitApplication(tx, applicationSchema.parse(applicationInput({ email })), null, "http://localhost:3000");
        const inside = await leadByEmail(email, tx);
        expect(scoreOf(inside)).toBe(LEAD_SCORE_WEIGHTS.brochure + LEAD_SCORE_WEIGHTS.application);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await leadByEmail(email)).scoreKey).toBe(before.scoreKey);
    // And a brochure request made inside a transaction that fails leaves no score (no lead) behind.
    const other = freshEmail("atomic");
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordBrochureDownload(tx as unknown as Db, { name: "Ravi", email: other, mobile: freshMobile() });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await ctx.db.select().from(lead).where(eq(lead.email, other))).toEqual([]);
  });
});

describe("recency", () => {
  it("halves the points every half-life after the last engagement, with the same stored key", async () => {
    const email = freshEmail("older");
    await brochure(email);
    const row = await leadByEmail(email);
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);
    // Two half-lives on: (10 + 1) / 4 − 1 = 1.75, shown 2.
    expect(scoreFromKey(row.scoreKey, later(2 * LEAD_SCORE_WEIGHTS.halfLifeDays))).toBe(Math.round((LEAD_SCORE_WEIGHTS.brochure + 1) / 4 - 1));
    // An old engagement (Sync All Data brings them with their date) scores lower today.
    const aged = await leadFactory(ctx.db, { email: freshEmail("aged"), createdAt: new Date(Date.now() - 60 * 86_400_000) });
    await ctx.db.execute(sql`select lead_score_refresh(array[${aged.id}]::uuid[])`);
    const [agedRow] = await ctx.db.select().from(lead).where(eq(lead.id, aged.id));
    expect(agedRow!.scoreKey).toBeLessThan(row.scoreKey);
    expect(keyForScore(5, new Date())).toBeLessThan(row.scoreKey);
  });
});

describe("sorting and filtering by score", () => {
  it("lists highest score first by keyset pages, filters by a minimum, and counts what the filter keeps", async () => {
    const tag = searchTag("rank");
    const w = LEAD_SCORE_WEIGHTS;
    const emails = [0, 1, 2, 3, 4].map((i) => `${tag}.${i}@example.com`);
    await brochure(emails[0]!);
    await apply(emails[1]!);
    await brochure(emails[2]!);
    await apply(emails[2]!);
    await leadFactory(ctx.db, { email: emails[3]!, fullName: `${tag} manual` });
    await leadFactory(ctx.db, { email: emails[4]!, fullName: `${tag} other` });
    const seen: Lead[] = [];
    let cursor: string | null = null;
    do {
      const page: LeadPage = await list(`q=${tag}&sort=score&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      if (!cursor) expect(page.total).toBe(5);
      seen.push(...page.leads);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((l) => l.email).slice(0, 3)).toEqual([emails[2], emails[1], emails[0]]);
    expect(seen.map((l) => l.score)).toEqual([w.brochure + w.application, w.application, w.brochure, 0, 0]);
    expect(new Set(seen.map((l) => l.id)).size).toBe(5);
    const atLeast = await list(`q=${tag}&scoreMin=${w.application}&sort=score`);
    expect(atLeast.leads.map((l) => l.email)).toEqual([emails[2], emails[1]]);
    expect(atLeast.total).toBe(2);
    // A minimum without free text: counted (the tallies know no scores), newest first still.
    const any = await list(`scoreMin=${w.brochure}`);
    expect(any.total).toBe(any.leads.length);
    expect(any.leads.every((l) => l.score >= w.brochure)).toBe(true);
  });

  it("refuses a bad score filter, sort or cursor with 400 naming it", async () => {
    const field = async (query: string) => (await ctx.app.inject({ method: "GET", url: `/api/crm/leads?${query}`, headers: { cookie: sales.cookie } })).json().error?.fields;
    expect(await field("scoreMin=101")).toHaveProperty("scoreMin");
    expect(await field("scoreMin=abc")).toHaveProperty("scoreMin");
    expect(await field("sort=oldest")).toHaveProperty("sort");
    expect(await field("sort=score&cursor=bm90LWEtY3Vyc29y")).toHaveProperty("cursor");
  });
});

describe("rescoring every lead when the weights change (a claimed job)", () => {
  it("rescores in batches by id, resumes where it stopped, and one process at a time", async () => {
    const stale = await leadFactory(ctx.db, { email: freshEmail("stale"), leadStage: "Connected", leadStatus: "Pitched" });
    await ctx.db.update(lead).set({ scoreKey: 0, scoreFacts: null }).where(eq(lead.id, stale.id));
    await ctx.db.update(leadScoreSetting).set({ weights: {} });
    expect(await syncScoreWeights(ctx.db)).toBe(true);
    expect(await syncScoreWeights(ctx.db)).toBe(false);
    let batches = 0;
    while ((await rescoreBatch(ctx.db, 3)) === "more") batches++;
    expect(batches).toBeGreaterThan(0);
    const [setting] = await ctx.db.select().from(leadScoreSetting);
    expect(setting!.rescored).toBe(true);
    expect((await shown(stale.id)).score).toBe(LEAD_SCORE_WEIGHTS.stage.Connected + LEAD_SCORE_WEIGHTS.status.Pitched);
    expect(await rescoreBatch(ctx.db)).toBe("done");
  });

  it("runs batches of the size it is given until done, and stops between two when asked (the embedded database's are small)", async () => {
    for (let i = 0; i < 3; i++) await leadFactory(ctx.db, { email: freshEmail(`batch${i}`) });
    await ctx.db.update(leadScoreSetting).set({ weights: {} });
    expect(await syncScoreWeights(ctx.db)).toBe(true);
    let asked = 0;
    await runRescoring(ctx.db, () => asked++ >= 1, 2);
    const [afterOne] = await ctx.db.select().from(leadScoreSetting);
    expect(afterOne!.rescored).toBe(false);
    const [first] = rowsOf<{ through: number }>(await ctx.db.execute(sql`select count(*)::int as through from lead where id <= ${afterOne!.rescoreAfter}::uuid`));
    expect(first!.through).toBe(2);
    await runRescoring(ctx.db, () => false, 2);
    const [done] = await ctx.db.select().from(leadScoreSetting);
    expect(done!.rescored).toBe(true);
  });
});
