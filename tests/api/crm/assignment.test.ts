// Issue 23 §2 (assignment rules, admin only) and §1 (duplicate warning on entry: the 409 names the other
// lead, and the pair merge it offers).
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lead, leadChange, staff } from "~/server/db/schema";
import { ASSIGNMENT_SOURCES, PICK_ONE_OWNER, PICK_STAFF, type AssignmentRule } from "~/shared/schemas/crm-assignment";
import type { LeadDetail } from "~/shared/schemas/crm";
import { leadFactory, searchTag } from "../../fixtures/leads";
import { postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";
import { staffFactory } from "../../fixtures/staff";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedIn>>;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN });
  admin = await signedIn(ctx, ["admin"]);
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

let n = 0;
const freshMobile = () => `7${String(Date.now() % 1e5).padStart(5, "0")}${String(++n).padStart(4, "0")}`;
const setRule = (source: string, payload: object, cookie: string | null = admin.cookie) =>
  ctx.app.inject({ method: "PUT", url: `/api/crm/assignment-rules/${source}`, payload, headers: cookie ? { cookie } : {} });
const brochure = (email: string) =>
  ctx.app.inject({ method: "POST", url: "/api/brochure-download", payload: { name: "Asha Rao", email, mobile: freshMobile() }, remoteAddress: `10.24.${n % 250}.${++n % 250}` });
const ownerOf = async (email: string) => (await ctx.db.select({ owner: lead.leadOwner, id: lead.id }).from(lead).where(eq(lead.email, email)))[0]!;

describe("assignment rules", () => {
  it("are for admins only: 401 anonymous, 403 sales", async () => {
    for (const cookie of [null, sales.cookie]) {
      const expected = cookie ? 403 : 401;
      expect((await ctx.app.inject({ method: "GET", url: "/api/crm/assignment-rules", headers: cookie ? { cookie } : {} })).statusCode).toBe(expected);
      expect((await setRule("application", { mode: "off" }, cookie)).statusCode).toBe(expected);
    }
  });

  it("lists every source, off until set, and refuses a bad rule with 400 naming the field", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/crm/assignment-rules", headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect((response.json().rules as AssignmentRule[]).map((r) => [r.source, r.mode])).toEqual(ASSIGNMENT_SOURCES.map((s) => [s, "off"]));
    expect((await setRule("application", { mode: "round_robin", staffIds: [] })).json().error.fields.staffIds).toBe(PICK_STAFF);
    expect((await setRule("application", { mode: "owner", staffIds: [sales.id, admin.id] })).json().error.fields.staffIds).toBe(PICK_ONE_OWNER);
    const content = await staffFactory(ctx.db, ["content"]);
    expect((await setRule("application", { mode: "owner", staffIds: [content.id] })).json().error.fields).toHaveProperty("staffIds");
    expect((await setRule("nowhere", { mode: "off" })).json().error.fields).toHaveProperty("source");
    expect((await setRule("application", { mode: "sometimes" })).json().error.fields).toHaveProperty("mode");
  });

  it("gives new brochure leads round robin to the chosen staff, skips a deactivated one, and says so in the activity", async () => {
    const team = [await staffFactory(ctx.db, ["sales"], { name: "Asha Owner" }), await staffFactory(ctx.db, ["sales"], { name: "Bala Owner" }), await staffFactory(ctx.db, ["sales"], { name: "Chitra Owner" })];
    const saved = await setRule("brochure_download", { mode: "round_robin", staffIds: team.map((t) => t.id) });
    expect(saved.statusCode, saved.body).toBe(200);
    const emails = [0, 1, 2, 3, 4, 5].map((i) => `${searchTag("rr")}.${i}@example.com`);
    for (const email of emails) expect((await brochure(email)).statusCode).toBeLessThan(300);
    const owners = await Promise.all(emails.map(async (e) => (await ownerOf(e)).owner));
    // Three staff, six leads: each twice, in turn.
    expect(owners.slice(0, 3).sort()).toEqual(team.map((t) => t.id).sort());
    expect(owners.slice(3)).toEqual(owners.slice(0, 3));
    const { id } = await ownerOf(emails[0]!);
    const detail = (await ctx.app.inject({ method: "GET", url: `/api/crm/leads/${id}`, headers: { cookie: admin.cookie } })).json() as LeadDetail;
    expect(detail.activity).toContainEqual(expect.objectContaining({ kind: "assign", field: "leadOwner", from: "brochure_download", to: detail.leadOwnerName, by: null }));

    // Bala deactivated: the rule goes on between Asha and Chitra only.
    await ctx.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, team[1]!.id));
    const more = [0, 1, 2, 3].map((i) => `${searchTag("skip")}.${i}@example.com`);
    for (const email of more) await brochure(email);
    const later = await Promise.all(more.map(async (e) => (await ownerOf(e)).owner));
    expect(later).not.toContain(team[1]!.id);
    expect(new Set(later)).toEqual(new Set([team[0]!.id, team[2]!.id]));
    const listed = (await ctx.app.inject({ method: "GET", url: "/api/crm/assignment-rules", headers: { cookie: admin.cookie } })).json().rules as AssignmentRule[];
    expect(listed.find((r) => r.source === "brochure_download")!.staff.map((s) => s.active)).toEqual([true, false, true]);

    // A lead who was already someone's (an existing person) keeps their owner; turned off, new leads stay unassigned.
    expect((await setRule("brochure_download", { mode: "off" })).statusCode).toBe(200);
    const unassigned = `${searchTag("off")}@example.com`;
    await brochure(unassigned);
    expect((await ownerOf(unassigned)).owner).toBeNull();
  });

  it("shares the turns exactly among concurrent captures (one atomic position)", async () => {
    const team = [await staffFactory(ctx.db, ["sales"]), await staffFactory(ctx.db, ["sales"])];
    expect((await setRule("simulation_attempt", { mode: "round_robin", staffIds: team.map((t) => t.id) })).statusCode).toBe(200);
    const emails = Array.from({ length: 10 }, (_, i) => `${searchTag("race")}.${i}@example.com`);
    const answers = await Promise.all(emails.map((email) => postReport(ctx.app, reportInput({ email, fullName: "Ravi Kumar" }))));
    expect(answers.map((a) => a.statusCode)).toEqual(emails.map(() => 200));
    const rows = await ctx.db.select({ owner: lead.leadOwner }).from(lead).where(inArray(lead.email, emails));
    const counts = team.map((t) => rows.filter((r) => r.owner === t.id).length);
    expect(counts).toEqual([5, 5]);
  });

  it("gives every new lead of a source to one named owner", async () => {
    const owner = await staffFactory(ctx.db, ["sales"]);
    expect((await setRule("brochure_download", { mode: "owner", staffIds: [owner.id] })).statusCode).toBe(200);
    const emails = [1, 2].map((i) => `${searchTag("owner")}.${i}@example.com`);
    for (const email of emails) await brochure(email);
    for (const email of emails) expect((await ownerOf(email)).owner).toBe(owner.id);
    const [entry] = await ctx.db.select().from(leadChange).where(eq(leadChange.leadId, (await ownerOf(emails[0]!)).id));
    expect(entry).toMatchObject({ kind: "assign", fromValue: "brochure_download" });
    await setRule("brochure_download", { mode: "off" });
  });
});

describe("duplicate warning on entry", () => {
  const put = (id: string, payload: object) => ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${id}`, payload, headers: { cookie: sales.cookie } });

  it("answers 409 with the lead that has the e-mail or mobile, and merges the two on request", async () => {
    const older = await leadFactory(ctx.db, { fullName: "Kavya Menon", mobile: `91${freshMobile()}`, createdAt: new Date(Date.now() - 86_400_000), notes: null });
    const newer = await leadFactory(ctx.db, { fullName: "Kavya M", notes: "met at the fair" });
    const byEmail = await put(newer.id, { email: older.email });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().error).toMatchObject({
      code: "conflict",
      fields: { email: "Another lead already has this email: Kavya Menon" },
      duplicate: { id: older.id, fullName: "Kavya Menon", email: older.email, field: "email" },
    });
    const byMobile = await put(newer.id, { mobile: `+${older.mobile}` });
    expect(byMobile.json().error.duplicate).toMatchObject({ id: older.id, field: "mobile" });

    const merge = (id: string, other: string, cookie: string | null = sales.cookie) =>
      ctx.app.inject({ method: "POST", url: `/api/crm/leads/${id}/merge`, payload: { with: other }, headers: cookie ? { cookie } : {} });
    expect((await merge(newer.id, older.id, null)).statusCode).toBe(401);
    const content = await signedIn(ctx, ["content"]);
    expect((await merge(newer.id, older.id, content.cookie)).statusCode).toBe(403);
    expect((await merge(newer.id, newer.id)).json().error.fields).toHaveProperty("with");
    const merged = await merge(newer.id, older.id);
    expect(merged.statusCode, merged.body).toBe(200);
    // The older lead is kept and takes what it lacked; the newer one is gone.
    expect(merged.json()).toMatchObject({ id: older.id, notes: "met at the fair" });
    expect(await ctx.db.select().from(lead).where(eq(lead.id, newer.id))).toEqual([]);
    expect((await merge(newer.id, older.id)).statusCode).toBe(404);
  });
});
