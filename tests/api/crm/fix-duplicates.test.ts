import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lead, leadChange, leadEngagement, leadMergeJob, simulationReport } from "~/server/db/schema";
import { recordLeadEngagement } from "~/server/features/crm/service";
import type { FixDuplicatesJob, LeadDetail } from "~/shared/schemas/crm";
import { leadFactory } from "../../fixtures/leads";
import { postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN });
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());
// Every test starts with no running job and no duplicates left over from the one before.
beforeEach(async () => {
  await ctx.db.execute(sql`delete from ${leadMergeJob}`);
  await ctx.db.execute(sql`delete from ${lead}`);
});

const get = (url: string, cookie = sales.cookie) => ctx.app.inject({ method: "GET", url, headers: { cookie } });
const post = (url: string, cookie = sales.cookie) => ctx.app.inject({ method: "POST", url, headers: { cookie } });
const leadByEmail = async (email: string) => (await ctx.db.select().from(lead).where(eq(lead.email, email)))[0];
const day = (n: number) => new Date(Date.UTC(2025, 0, n));

/** Polls the job until it is no longer running; every state seen on the way, the last one finished. */
async function follow(id: string): Promise<FixDuplicatesJob[]> {
  const seen: FixDuplicatesJob[] = [];
  for (let i = 0; i < 3000; i++) {
    const response = await get(`/api/crm/fix-duplicates/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json() as FixDuplicatesJob;
    seen.push(job);
    if (job.status !== "running") return seen;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("Fix Duplicates did not finish");
}

async function fixDuplicates(): Promise<FixDuplicatesJob> {
  const started = await post("/api/crm/fix-duplicates");
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json()).toMatchObject({ status: "running", startedBy: sales.name });
  return (await follow(started.json().id)).at(-1)!;
}

/** `count` pairs of leads that share a mobile: `count` groups to merge. */
async function duplicatePairs(count: number) {
  const rows = Array.from({ length: count * 2 }, (_, i) => ({
    email: `pair.${i}@example.com`,
    fullName: `Pair ${i}`,
    mobile: `91977${String(Math.floor(i / 2)).padStart(7, "0")}`,
    sourceType: "brochure_download" as const,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)),
  }));
  await ctx.db.insert(lead).values(rows);
}

/** A job another process runs (or ran, when its claim has lapsed). */
async function otherProcessJob(claimedUntil: Date) {
  const [job] = await ctx.db.insert(leadMergeJob).values({ startedBy: sales.id, claimedUntil }).returning();
  return job!;
}

describe("Fix Duplicates access", () => {
  it("refuses anonymous callers (401) and other roles (403) on every route; admin may start it", async () => {
    const content = await signedIn(ctx, ["admissions", "content"]);
    const id = "00000000-0000-4000-8000-000000000001";
    const routes = [
      ["POST", "/api/crm/fix-duplicates"],
      ["GET", "/api/crm/fix-duplicates"],
      ["GET", `/api/crm/fix-duplicates/${id}`],
      ["POST", `/api/crm/fix-duplicates/${id}/cancel`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      const refused = await ctx.app.inject({ method, url, headers: { cookie: content.cookie } });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.code).toBe("forbidden");
    }
    const admin = await signedIn(ctx, ["admin"]);
    const started = await post("/api/crm/fix-duplicates", admin.cookie);
    expect(started.statusCode).toBe(202);
    await follow(started.json().id);
    expect((await get(`/api/crm/fix-duplicates/${id}`)).statusCode).toBe(404);
    const bad = await get("/api/crm/fix-duplicates/not-a-job");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("id");
  });
});

describe("POST /api/crm/fix-duplicates (a background job)", () => {
  it("normalises LTB and merges leads sharing a mobile into the oldest, moving engagements and history", async () => {
    const oldest = await leadFactory(ctx.db, { email: "dup.one@example.com", mobile: "919811122233", createdAt: new Date("2025-01-01T00:00:00Z") });
    const newer = await leadFactory(ctx.db, {
      email: "dup.two@example.com", mobile: "919811122233", leadStage: "Connected", leadStatus: "LTB", notes: "Call in the evening",
      hasApplication: true, createdAt: new Date("2025-02-01T00:00:00Z"),
    });
    await recordLeadEngagement(ctx.db, { email: "dup.two@example.com", source: "application", refId: "00000000-0000-4000-8000-0000000000aa" });
    await ctx.db.insert(leadChange).values({ leadId: newer.id, staffId: sales.id, kind: "edit", field: "notes", toValue: "Call in the evening" });
    expect((await postReport(ctx.app, reportInput({ email: "dup.two@example.com", fullName: "Dup Two" }))).statusCode).toBe(200);
    const job = await fixDuplicates();
    expect(job).toMatchObject({ status: "done", phase: "merging", groupsFound: 1, groupsMerged: 1, merged: 1, error: null });
    expect(job.updatedLeads).toBeGreaterThanOrEqual(2);
    expect(job.finishedAt).not.toBeNull();
    expect(await leadByEmail("dup.two@example.com")).toBeUndefined();
    const kept = (await leadByEmail("dup.one@example.com"))!;
    expect(kept).toMatchObject({ id: oldest.id, leadStatus: "Likely to Buy", leadStage: "Connected", notes: "Call in the evening", hasApplication: true });
    const links = await ctx.db.select().from(leadEngagement).where(eq(leadEngagement.refId, "00000000-0000-4000-8000-0000000000aa"));
    expect(links[0]!.leadId).toBe(oldest.id);
    const [report] = await ctx.db.select().from(simulationReport).where(eq(simulationReport.email, "dup.two@example.com"));
    expect(report!.leadId).toBe(oldest.id);
    const detail = (await get(`/api/crm/leads/${oldest.id}`)).json() as LeadDetail;
    expect(detail.activity.map((a) => a.kind)).toEqual(expect.arrayContaining(["merge", "edit", "engagement"]));
    expect(detail.activity.find((a) => a.kind === "merge")).toMatchObject({ to: "dup.one@example.com", by: sales.name });
    expect(await fixDuplicates()).toMatchObject({ status: "done", groupsFound: 0, groupsMerged: 0, updatedLeads: 0, merged: 0 });
  });

  it("merges e-mails differing only in case and spaces, and mobiles with and without +91, as lead matching normalises them", async () => {
    const byEmail = await leadFactory(ctx.db, { email: "asha.rao@example.com", mobile: null, fullName: "", createdAt: day(1) });
    await leadFactory(ctx.db, { email: "  Asha.Rao@Example.COM ", mobile: null, fullName: "Asha Rao", createdAt: day(2) });
    await leadFactory(ctx.db, { email: "ASHA.RAO@example.com", mobile: null, linkedIn: "https://linkedin.com/in/asha", createdAt: day(3) });
    const byMobile = await leadFactory(ctx.db, { email: "vik.one@example.com", mobile: "9845012345", createdAt: day(4) });
    await leadFactory(ctx.db, { email: "vik.two@example.com", mobile: "919845012345", currentProfile: "Analyst", createdAt: day(5) });
    await leadFactory(ctx.db, { email: "vik.three@example.com", mobile: "+91 98450-12345", createdAt: day(6) });
    // Chained: shares an e-mail with one lead and a mobile with another, so all three are one person.
    const chainOldest = await leadFactory(ctx.db, { email: "chain.a@example.com", mobile: "919700000001", createdAt: day(7) });
    await leadFactory(ctx.db, { email: "Chain.A@example.com", mobile: "919700000002", createdAt: day(8) });
    await leadFactory(ctx.db, { email: "chain.c@example.com", mobile: "919700000002", createdAt: day(9) });
    const loner = await leadFactory(ctx.db, { email: "Loner@Example.com", mobile: "12345", createdAt: day(10) });

    const job = await fixDuplicates();
    expect(job).toMatchObject({ status: "done", groupsFound: 3, groupsMerged: 3, merged: 6, updatedLeads: 3 });
    const left = await ctx.db.select().from(lead);
    expect(left.map((l) => l.id).sort()).toEqual([byEmail.id, byMobile.id, chainOldest.id, loner.id].sort());
    expect(left.find((l) => l.id === byEmail.id)).toMatchObject({ email: "asha.rao@example.com", fullName: "Asha Rao", linkedIn: "https://linkedin.com/in/asha" });
    expect(left.find((l) => l.id === byMobile.id)).toMatchObject({ email: "vik.one@example.com", currentProfile: "Analyst" });
    // A lead with no duplicate is left as it was, unnormalised e-mail and all.
    expect(left.find((l) => l.id === loner.id)).toMatchObject({ email: "Loner@Example.com", version: loner.version });
    const merges = await ctx.db.select().from(leadChange).where(inArray(leadChange.leadId, [byEmail.id, byMobile.id, chainOldest.id]));
    expect(merges.filter((m) => m.kind === "merge")).toHaveLength(6);
  });

  it("reports progress as groups found, then merged of found", async () => {
    await duplicatePairs(120);
    const started = await post("/api/crm/fix-duplicates");
    expect(started.statusCode).toBe(202);
    const states = await follow(started.json().id);
    const last = states.at(-1)!;
    expect(last).toMatchObject({ status: "done", groupsFound: 120, groupsMerged: 120, merged: 120 });
    expect(states.some((s) => s.status === "running" && s.groupsFound === 120 && s.groupsMerged > 0 && s.groupsMerged < 120)).toBe(true);
    // A page opened later shows the latest job.
    expect((await get("/api/crm/fix-duplicates")).json()).toEqual({ job: last });
    expect(await ctx.db.$count(lead)).toBe(120);
  });

  it("stops when cancelled, leaving every group merged whole or not at all", async () => {
    await duplicatePairs(300);
    const started = await post("/api/crm/fix-duplicates");
    expect(started.statusCode).toBe(202);
    const cancelled = await post(`/api/crm/fix-duplicates/${started.json().id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: started.json().id, cancelRequested: true });
    const last = (await follow(started.json().id)).at(-1)!;
    expect(last.status).toBe("cancelled");
    expect(last.groupsMerged).toBeLessThan(300);
    expect(last.merged).toBe(last.groupsMerged);
    expect(await ctx.db.$count(lead)).toBe(600 - last.merged);
    // Cancelling a finished job changes nothing.
    expect((await post(`/api/crm/fix-duplicates/${last.id}/cancel`)).json()).toEqual(last);
  });

  it("runs one at a time: a second start is 409 naming the running job, also when two start at once", async () => {
    const elsewhere = await otherProcessJob(new Date(Date.now() + 60_000));
    const refused = await post("/api/crm/fix-duplicates");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(elsewhere.id);
    expect(refused.json().error.message).toContain(sales.name);
    // Another process's job is cancelled through the database: its worker reads the flag.
    expect((await post(`/api/crm/fix-duplicates/${elsewhere.id}/cancel`)).json()).toMatchObject({ status: "running", cancelRequested: true });
    await ctx.db.update(leadMergeJob).set({ status: "cancelled", finishedAt: new Date() }).where(eq(leadMergeJob.id, elsewhere.id));

    await duplicatePairs(50);
    const both = await Promise.all([post("/api/crm/fix-duplicates"), post("/api/crm/fix-duplicates")]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    const winner = both.find((r) => r.statusCode === 202)!.json() as FixDuplicatesJob;
    expect(both.find((r) => r.statusCode === 409)!.json().error.message).toContain(winner.id);
    expect((await follow(winner.id)).at(-1)).toMatchObject({ status: "done", merged: 50 });
  });

  it("fails a job whose process stopped renewing its claim, and starts a new one", async () => {
    const abandoned = await otherProcessJob(new Date(Date.now() - 1000));
    const latest = (await get("/api/crm/fix-duplicates")).json().job as FixDuplicatesJob;
    expect(latest).toMatchObject({ id: abandoned.id, status: "failed" });
    expect(latest.error).toMatch(/stopped before it finished/);
    await otherProcessJob(new Date(Date.now() - 1000));
    expect((await fixDuplicates()).status).toBe("done");
  });
});
