import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lead, outbox, simulationReport } from "~/server/db/schema";
import { createTestApp, type TestContext } from "../../helpers/app";
import { fixtureReport, postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN });
});
afterAll(() => ctx.close());

const mailsTo = async (email: string) => ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));

describe("POST /api/simulation/reports (the chatbot's webhook)", () => {
  it("stores the fixture report, creates the lead and queues one 'report ready' e-mail", async () => {
    const body = fixtureReport();
    const response = await postReport(ctx.app, body);
    expect(response.statusCode, response.body).toBe(200);
    const { slug, created } = response.json();
    expect(created).toBe(true);
    // 18 random bytes in base64url: 24 characters, at least 128 bits.
    expect(slug).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const [row] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.slug, slug));
    expect(row!.email).toBe("demo.candidate@example.com");
    expect(row!.totalScore).toBe(68);
    expect(row!.caseStudyDetails!.scenes).toHaveLength(10);
    expect(row!.completedAt.toISOString()).toBe("2026-11-20T04:11:00.000Z");
    const [person] = await ctx.db.select().from(lead).where(eq(lead.email, "demo.candidate@example.com"));
    expect(person!.hasSimulation).toBe(true);
    expect(person!.sourceType).toBe("simulation_attempt");
    expect(row!.leadId).toBe(person!.id);

    const mails = await mailsTo("demo.candidate@example.com");
    expect(mails).toHaveLength(1);
    // Straight to the report: an anonymous visit goes through the sign-in and comes back to it.
    expect(mails[0]!.textBody).toContain(`http://localhost:3000/simulation-report/${slug}`);
    expect(row!.notifyMailId).toBe(mails[0]!.id);
  });

  it("is idempotent on resultId: the second call updates the report and never e-mails again", async () => {
    const body = reportInput({ email: "twice@example.com", totalScore: 55 });
    const first = (await postReport(ctx.app, body)).json();
    const second = await postReport(ctx.app, { ...body, totalScore: 72, fullName: "Twice Updated" });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ slug: first.slug, created: false });
    const rows = await ctx.db.select().from(simulationReport).where(eq(simulationReport.resultId, body.resultId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.totalScore).toBe(72);
    expect(rows[0]!.fullName).toBe("Twice Updated");
    expect(await mailsTo("twice@example.com")).toHaveLength(1);
  });

  it("links the e-mail to the report's own slug when the report existed untold (imported before the webhook)", async () => {
    const body = reportInput({ email: "told-later@example.com" });
    const first = (await postReport(ctx.app, body)).json();
    // As a CSV import leaves a report: stored, nobody told yet.
    await ctx.db.update(simulationReport).set({ notifiedAt: null, notifyMailId: null }).where(eq(simulationReport.slug, first.slug));
    await ctx.db.delete(outbox).where(eq(outbox.toAddress, "told-later@example.com"));
    expect((await postReport(ctx.app, body)).json()).toEqual({ slug: first.slug, created: false });
    const mails = await mailsTo("told-later@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`/simulation-report/${first.slug}`);
    expect(mails[0]!.htmlBody).toContain(`/simulation-report/${first.slug}`);
  });

  it("sends the same report twice at once and still stores one and e-mails once", async () => {
    const body = reportInput({ email: "race@example.com" });
    const answers = await Promise.all([postReport(ctx.app, body), postReport(ctx.app, body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await ctx.db.select().from(simulationReport).where(eq(simulationReport.resultId, body.resultId))).toHaveLength(1);
    expect(await mailsTo("race@example.com")).toHaveLength(1);
  });

  it("answers 401 without the token, with a wrong one, and with another scheme", async () => {
    const body = reportInput();
    expect((await postReport(ctx.app, body, null)).statusCode).toBe(401);
    expect((await postReport(ctx.app, body, `${WEBHOOK_TOKEN}x`)).statusCode).toBe(401);
    expect((await postReport(ctx.app, body, "short")).statusCode).toBe(401);
    const basic = await ctx.app.inject({ method: "POST", url: "/api/simulation/reports", headers: { authorization: `Basic ${WEBHOOK_TOKEN}` }, payload: body });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().error.code).toBe("unauthenticated");
    // Even a malformed body is refused for the missing token first: outsiders learn nothing of the schema.
    expect((await postReport(ctx.app, { nothing: true }, null)).statusCode).toBe(401);
  });

  it("answers 400 naming each wrong field", async () => {
    const response = await postReport(ctx.app, {
      ...reportInput(),
      email: "not-an-email",
      totalScore: 140,
      pdfReportLink: "http://insecure.example.com/r.pdf",
      candidateResponses: { Q11: "too far" },
      caseStudyDetails: { companyBackground: "x", scenes: Array.from({ length: 11 }, (_, i) => ({ sceneNumber: 1 + (i % 10) })) },
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(["email", "totalScore", "pdfReportLink", "candidateResponses", "caseStudyDetails.scenes"]));
    const missing = await postReport(ctx.app, { email: "a@example.com" });
    expect(Object.keys(missing.json().error.fields)).toEqual(expect.arrayContaining(["resultId", "fullName", "simulationType", "totalScore", "dimensionScores"]));
    const notJson = await ctx.app.inject({ method: "POST", url: "/api/simulation/reports", headers: { authorization: `Bearer ${WEBHOOK_TOKEN}`, "content-type": "application/json" }, payload: "{" });
    expect(notJson.statusCode).toBe(400);
  });

  it("says in plain words what is wrong with each field, never 'required' for a wrong type (issue 20 §1.11)", async () => {
    const fieldsOf = async (body: unknown) => {
      const response = await postReport(ctx.app, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().error.fields as Record<string, string>;
    };
    expect(await fieldsOf({ ...reportInput(), resultId: 12345 })).toEqual({ resultId: "resultId must be text" });
    expect(await fieldsOf({ ...reportInput(), email: 42 })).toEqual({ email: "Email must be text" });
    expect(await fieldsOf({ ...reportInput(), totalScore: "68" })).toEqual({ totalScore: "totalScore must be a number from 0 to 100" });

    const empty = await fieldsOf({});
    expect(empty).toMatchObject({
      resultId: "resultId is required",
      email: "Email is required",
      totalScore: "totalScore is required",
      overallSummary: "overallSummary is required",
      candidateResponses: expect.stringMatching(/^candidateResponses is required: an object of answers keyed Q1 to Q10/),
      dimensionScores: expect.stringMatching(/^dimensionScores is required/),
      skillFeedback: expect.stringMatching(/^skillFeedback is required/),
    });
    // No library wording anywhere ("Invalid input: expected record, received undefined").
    const wrongShapes = await fieldsOf({
      ...reportInput(),
      candidateResponses: { Q1: 5, Q12: "x" },
      skillFeedback: { Research: 3 },
      dimensionScores: { Strategy: { average: 5 } },
      caseStudyDetails: { scenes: [{ sceneNumber: "1" }] },
    });
    expect(wrongShapes).toEqual({
      "candidateResponses.Q1": "Each response must be text",
      "skillFeedback.Research": "Each feedback must be text",
      "dimensionScores.Strategy.skills": expect.stringMatching(/^skills is required: an object of skill names and scores/),
      "caseStudyDetails.scenes.0.sceneNumber": "sceneNumber must be a whole number from 1 to 10",
    });
    for (const body of [{}, { ...reportInput(), candidateResponses: [] }, [], null]) {
      const response = await postReport(ctx.app, body);
      expect(response.body).not.toMatch(/Invalid input|expected \w+, received/);
    }
    expect((await fieldsOf({ ...reportInput(), candidateResponses: [] })).candidateResponses).toMatch(/^candidateResponses must be an object of answers/);
    expect(Object.values(await fieldsOf([]))).toEqual(["The report must be a JSON object"]);
  });

  it("names a __proto__ key instead of calling the body 'not valid JSON', and stores nothing", async () => {
    const post = (raw: string) =>
      ctx.app.inject({ method: "POST", url: "/api/simulation/reports", headers: { authorization: `Bearer ${WEBHOOK_TOKEN}`, "content-type": "application/json" }, payload: raw });
    const body = reportInput({ email: "proto@example.com" });
    const json = JSON.stringify(body);
    for (const [raw, field] of [
      [`{"__proto__":{"polluted":true},${json.slice(1)}`, "__proto__"],
      [json.replace('"candidateResponses":{', '"candidateResponses":{"__proto__":"x",'), "candidateResponses.__proto__"],
      [json.replace('"skillFeedback":{', '"skillFeedback":{"\\u005f_proto__":"x",'), "skillFeedback.__proto__"],
      [`{"constructor":{"prototype":{"polluted":true}},${json.slice(1)}`, "constructor.prototype"],
    ] as const) {
      const response = await post(raw);
      expect(response.statusCode, response.body).toBe(400);
      const error = response.json().error;
      expect(error.message).not.toMatch(/not valid JSON/);
      expect(error.message).toMatch(/is not allowed as a name/);
      expect(Object.keys(error.fields)).toEqual([field]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "proto@example.com"))).toHaveLength(0);
    // Broken JSON is still called that.
    const broken = await post("{");
    expect(broken.json().error.message).toBe("The request body is not valid JSON");
  });

  it("accepts an https pdfReportLink and keeps it", async () => {
    const body = reportInput({ email: "pdf@example.com", pdfReportLink: "https://reports.example.com/r/1.pdf" });
    const { slug } = (await postReport(ctx.app, body)).json();
    const [row] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.slug, slug));
    expect(row!.pdfReportLink).toBe("https://reports.example.com/r/1.pdf");
  });
});

describe("without REPORT_WEBHOOK_TOKEN", () => {
  it("answers 503", async () => {
    const bare = await createTestApp();
    try {
      const response = await postReport(bare.app, reportInput());
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toMatch(/REPORT_WEBHOOK_TOKEN/);
    } finally {
      await bare.close();
    }
  });
});
