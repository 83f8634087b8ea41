import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/server/db/client";
import { simulation, simulationReport } from "~/server/db/schema";
import { importReports } from "~/server/features/reports/import";
import type { ReportDetail, ReportIntake } from "~/shared/schemas/simulation-reports";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { testEngine } from "../../helpers/database";
import { candidateCookie, postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";

let ctx: TestContext;
let staffCookie: string;
const logLines: string[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN, TRUST_PROXY: "1" }, { logStream: { write: (line: string) => void logLines.push(line) } });
  staffCookie = (await signedIn(ctx, ["admissions"])).cookie;
});
afterAll(() => ctx.close());

const uid = () => randomBytes(4).toString("hex");

async function stored(body: ReportIntake): Promise<string> {
  const response = await postReport(ctx.app, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().slug as string;
}

async function detail(slug: string, cookie = staffCookie): Promise<ReportDetail> {
  const response = await ctx.app.inject({ method: "GET", url: `/api/simulation/report/${slug}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A report of one candidate at one simulation type, with a total and each dimension's average set. */
function attempt(simulationType: string, email: string, total: number, average = total / 10, completedAt?: string): ReportIntake {
  const base = reportInput({ email, simulationType, simulationSlug: undefined, totalScore: total, ...(completedAt ? { completedAt } : {}) });
  const dimensionScores = Object.fromEntries(Object.entries(base.dimensionScores).map(([name, d]) => [name, { ...d, average }]));
  return { ...base, dimensionScores };
}

/** The histogram and best attempts as recomputed from every stored report: what the maintained tables must equal. */
async function recomputed(simulationType: string) {
  const answer = await ctx.db.execute(sql`
    with best as (
      select distinct on (email) email, round(total_score::numeric * 100)::int as total_bucket, dimension_scores
      from simulation_report where simulation_type = ${simulationType} order by email, total_score desc, completed_at, id
    ), counts as (
      select '' as dimension, total_bucket as bucket from best
      union all select d.key, round((d.value->>'average')::numeric * 100)::int from best, jsonb_each(best.dimension_scores) d
    )
    select dimension, bucket, count(*)::int as candidates from counts group by dimension, bucket order by dimension, bucket`);
  return rowsOf<{ dimension: string; bucket: number; candidates: number }>(answer).map((r) => ({ ...r, bucket: Number(r.bucket), candidates: Number(r.candidates) }));
}

async function maintained(simulationType: string) {
  const answer = await ctx.db.execute(sql`
    select dimension, bucket, candidates from report_score_histogram where simulation_type = ${simulationType} and candidates <> 0 order by dimension, bucket`);
  return rowsOf<{ dimension: string; bucket: number; candidates: number }>(answer).map((r) => ({ ...r, bucket: Number(r.bucket), candidates: Number(r.candidates) }));
}

describe("the same resultId under another e-mail", () => {
  it("answers 409 naming email, keeps the report with its owner and e-mails nobody new", async () => {
    const body = reportInput({ email: `owner-${uid()}@example.com` });
    const slug = await stored(body);
    const intruder = `other-${uid()}@example.com`;
    const response = await postReport(ctx.app, { ...body, email: intruder, totalScore: 12 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("conflict");
    expect(Object.keys(response.json().error.fields)).toEqual(["email"]);
    const [row] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.slug, slug));
    expect(row!.email).toBe(body.email);
    expect(row!.totalScore).toBe(body.totalScore);
    const mails = await ctx.db.execute(sql`select count(*)::int as n from outbox where to_address = ${intruder}`);
    expect(Number(rowsOf<{ n: number }>(mails)[0]!.n)).toBe(0);
    // Logged as a warning by resultId, with neither address in clear.
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => entry.resultId === body.resultId);
    expect(warning?.level).toBe(40);
    expect(logLines.join("\n")).not.toContain(intruder);
    expect(logLines.join("\n")).not.toContain(body.email);
  });
});

describe("the chatbot's order of dimensions and skills", () => {
  it("comes back as sent, not shortest name first", async () => {
    // Neither alphabetical nor by length, in dimensions and in skills.
    const dimensionScores = {
      "Growth & Marketing Acumen": { average: 6, skills: { "Metrics-driven thinking": 7, Brand: 5, "Customer acquisition": 6 } },
      "Tech & Automation Fluency": { average: 6.3, skills: { "Tool selection": 7, "Technical literacy": 6.5, Automation: 5.5 } },
      "Business Strategy & Thinking": { average: 7.3, skills: { "Problem identification": 8, Analysis: 7.5, "Market analysis": 6.5 } },
      "Leadership & Entrepreneurial Skills": { average: 7.3, skills: { Resilience: 7, "Team alignment": 6.5, Initiative: 8.5 } },
    };
    const email = `order-${uid()}@example.com`;
    const slug = await stored({ ...reportInput({ email }), dimensionScores });
    const expected = Object.entries(dimensionScores).map(([name, d]) => [name, Object.keys(d.skills)]);
    const asStaff = await detail(slug);
    expect(Object.entries(asStaff.dimensionScores).map(([name, d]) => [name, Object.keys(d.skills)])).toEqual(expected);
    const asCandidate = await detail(slug, await candidateCookie(ctx.app, email));
    expect(Object.entries(asCandidate.dimensionScores).map(([name, d]) => [name, Object.keys(d.skills)])).toEqual(expected);
    // Standing per dimension follows the same order.
    expect(asCandidate.standing!.dimensions.map((d) => d.name)).toEqual(Object.keys(dimensionScores));
  });
});

describe("percentile and rank among best attempts", () => {
  it("says early cohort under 20 candidates, with exact ranks and shared ranks for ties", async () => {
    const type = `Early ${uid()}`;
    const slugs: string[] = [];
    for (const total of [90, 70, 70, 50]) slugs.push(await stored(attempt(type, `early-${uid()}@example.com`, total)));
    const places = await Promise.all(slugs.map(async (slug) => (await detail(slug)).standing!.overall));
    expect(places).toEqual([
      { rank: 1, candidates: 4, topPercent: null },
      { rank: 2, candidates: 4, topPercent: null },
      { rank: 2, candidates: 4, topPercent: null },
      { rank: 4, candidates: 4, topPercent: null },
    ]);
  });

  it("counts one best attempt per candidate, replaced when they do better, and ranks every report exactly", async () => {
    const type = `Cohort ${uid()}`;
    const people = Array.from({ length: 30 }, (_, i) => `cohort-${i}-${uid()}@example.com`);
    // Deterministic scores with ties: totals 40..94 in steps, dimension averages one decimal.
    const reports: { email: string; total: number; average: number; slug: string }[] = [];
    for (const [i, email] of people.entries()) {
      const total = 40 + ((i * 7) % 28) * 2;
      const average = Math.round(((i * 13) % 60) + 20) / 10;
      reports.push({ email, total, average, slug: await stored(attempt(type, email, total, average, `2026-11-0${1 + (i % 5)}T10:00:00+05:30`)) });
    }
    // A second, better attempt for the first five and a worse one for the next five.
    for (const [i, email] of people.slice(0, 10).entries()) {
      const total = i < 5 ? 99 - i : 10 + i;
      const average = i < 5 ? 9.9 : 1.1;
      reports.push({ email, total, average, slug: await stored(attempt(type, email, total, average, "2026-11-20T10:00:00+05:30")) });
    }
    expect(await maintained(type)).toEqual(await recomputed(type));

    const best = new Map<string, { total: number; average: number }>();
    for (const r of reports) if (!best.has(r.email) || best.get(r.email)!.total < r.total) best.set(r.email, r);
    for (const r of reports) {
      const others = [...best.entries()].filter(([email]) => email !== r.email).map(([, b]) => b);
      const rank = 1 + others.filter((b) => b.total > r.total).length;
      const dimensionRank = 1 + others.filter((b) => b.average > r.average).length;
      const standing = (await detail(r.slug)).standing!;
      expect(standing.overall).toEqual({ rank, candidates: 30, topPercent: Math.max(1, Math.round((rank / 30) * 100)) });
      for (const d of standing.dimensions) expect(d.rank).toBe(dimensionRank);
    }
  });

  it("moves a candidate's count when the chatbot updates their only report", async () => {
    const type = `Update ${uid()}`;
    const body = attempt(type, `update-${uid()}@example.com`, 55);
    await stored(attempt(type, `rival-${uid()}@example.com`, 60));
    const slug = await stored(body);
    expect((await detail(slug)).standing!.overall.rank).toBe(2);
    await stored({ ...body, totalScore: 65 });
    expect((await detail(slug)).standing!.overall).toEqual({ rank: 1, candidates: 2, topPercent: null });
    expect(await maintained(type)).toEqual(await recomputed(type));
  });

  it("stays exact when one candidate's reports arrive at once", async () => {
    const type = `Race ${uid()}`;
    const bodies: ReportIntake[] = [];
    for (let i = 0; i < 6; i++) {
      const email = `race-${i}-${uid()}@example.com`;
      bodies.push(attempt(type, email, 50 + i, 5 + i / 10), attempt(type, email, 80 - i, 8 - i / 10));
    }
    const second = testEngine === "postgres" ? await ctx.anotherProcess() : ctx.app;
    const answers = await Promise.all(bodies.map((body, i) => postReport(i % 2 ? second : ctx.app, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(bodies.map(() => 200));
    expect(await maintained(type)).toEqual(await recomputed(type));
    const total = (await maintained(type)).filter((r) => r.dimension === "").reduce((sum, r) => sum + r.candidates, 0);
    expect(total).toBe(6);
  });
});

describe("the CSV import", () => {
  it("keeps best attempts and the histogram exact too", async () => {
    const type = `Imported ${uid()}`;
    const header = ["Name", "Email", "Total Score", "Strategy", "Growth", "Completed At", "Simulation Type"];
    const rows = Array.from({ length: 25 }, (_, i) => [`Person ${i}`, `imp-${i % 12}-${uid().slice(0, 2)}@example.com`, String(30 + ((i * 11) % 60)), "6.5", String((i % 10) + 0.5), `2026-0${1 + (i % 9)}-0${1 + (i % 9)}T10:00:00Z`, type]);
    const result = await importReports(ctx.db, [[header, ...rows]]);
    expect(result.rejected).toEqual([]);
    expect(await maintained(type)).toEqual(await recomputed(type));
  });
});

describe("progress and next steps", () => {
  it("shows the change per dimension since the previous attempt, and none for a first one", async () => {
    const type = `Progress ${uid()}`;
    const email = `progress-${uid()}@example.com`;
    const first = await stored(attempt(type, email, 50, 5, "2026-10-01T10:00:00+05:30"));
    const second = await stored(attempt(type, email, 64, 6.2, "2026-11-01T10:00:00+05:30"));
    expect((await detail(first)).progress).toBeNull();
    const progress = (await detail(second)).progress!;
    expect(progress.previousSlug).toBe(first);
    expect(progress.totalChange).toBe(14);
    expect(progress.dimensions).toHaveLength(6);
    for (const d of progress.dimensions) expect(d).toMatchObject({ previous: 5, change: 1.2 });
  });

  it("suggests, for the two weakest dimensions, a library simulation that trains them (never the one taken) and the program week", async () => {
    await ctx.db.insert(simulation).values([
      { slug: `growth-lab-${uid()}`, title: "Growth Lab", subtitle: "s", tags: ["Growth", "Metrics"], instructions: "i", typebotUrl: "https://typebot.io/x" },
      { slug: `tech-desk-${uid()}`, title: "Tech Desk", subtitle: "s", tags: ["Tech & Automation"], instructions: "i", typebotUrl: "https://typebot.io/y" },
      { slug: `hidden-growth-${uid()}`, title: "Hidden Growth", subtitle: "s", tags: ["Growth"], instructions: "i", typebotUrl: "https://typebot.io/z", visibility: "unlisted" },
    ]);
    const body = reportInput({ email: `next-${uid()}@example.com`, simulationType: "Tech Desk" });
    const scores = Object.fromEntries(
      Object.entries(body.dimensionScores).map(([name, d]) => [name, { ...d, average: name.startsWith("Growth") ? 3.1 : name.startsWith("Tech") ? 2.5 : 8 }]),
    );
    const steps = (await detail(await stored({ ...body, dimensionScores: scores }))).nextSteps;
    expect(steps.map((s) => s.dimension)).toEqual(["Tech & Automation Fluency", "Growth & Marketing Acumen"]);
    // Tech Desk is the simulation just taken: no library match is left for tech.
    expect(steps[0]!.simulation).toBeNull();
    expect(steps[0]!.week!.label).toBe("Week 6");
    expect(steps[1]!.simulation!.title).toBe("Growth Lab");
    expect(steps[1]!.week).toMatchObject({ label: "Week 5", title: "Growth & Brand Thinking" });
  });
});
