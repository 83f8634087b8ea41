// Issue 21 items 8–10: one mobile per lead (as for the e-mail), adding a lead by hand with the
// edit's rules, and the form's call date reaching the list's Last Call.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lead } from "~/server/db/schema";
import { BATCH_REQUIRED, OWNER_RULE } from "~/shared/crm/lead-rules";
import type { Lead, LeadDetail, LeadPage } from "~/shared/schemas/crm";
import { leadFactory, searchTag } from "../../fixtures/leads";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { expectTimeOrderedSince, v7Millis } from "../../helpers/time-ordered-id";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

/** `cookie` null: nobody signed in. */
const post = (payload: unknown, cookie: string | null = sales.cookie) =>
  ctx.app.inject({ method: "POST", url: "/api/crm/leads", payload: payload as object, headers: cookie ? { cookie } : {} });
const put = (id: string, payload: object) => ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${id}`, payload, headers: { cookie: sales.cookie } });
const detail = async (id: string) => (await ctx.app.inject({ method: "GET", url: `/api/crm/leads/${id}`, headers: { cookie: sales.cookie } })).json() as LeadDetail;
const fieldOf = (response: { json: () => { error?: { fields?: Record<string, string> } } }, field: string) => response.json().error?.fields?.[field];

/** A mobile no other lead of the run has: an Indian number, 10 digits starting with 7. */
let mobileCount = 0;
const freshMobile = () => `7${String(Date.now() % 1e6).padStart(6, "0")}${String(++mobileCount).padStart(3, "0")}`;

describe("one mobile per lead (item 8)", () => {
  it("refuses another lead's mobile with 409 naming that lead, with or without +91, like the e-mail", async () => {
    const mobile = freshMobile();
    const holder = await leadFactory(ctx.db, { fullName: "Kavya Menon", mobile: `91${mobile}` });
    const other = await leadFactory(ctx.db);
    for (const typed of [`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`, mobile, `0${mobile}`, `91${mobile}`]) {
      const refused = await put(other.id, { mobile: typed });
      expect(refused.statusCode, typed).toBe(409);
      expect(fieldOf(refused, "mobile")).toBe("Another lead already has this mobile: Kavya Menon");
    }
    const email = await put(other.id, { email: holder.email.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(fieldOf(email, "email")).toBe("Another lead already has this email: Kavya Menon");
    const [kept] = await ctx.db.select({ mobile: lead.mobile }).from(lead).where(eq(lead.id, other.id));
    expect(kept!.mobile).toBe(other.mobile);
    // Its own number, typed another way, is no conflict; a fresh number is taken.
    expect((await put(holder.id, { mobile: `+91${mobile}`, notes: "same number" })).statusCode).toBe(200);
    expect((await put(other.id, { mobile: freshMobile() })).statusCode).toBe(200);
  });

  it("names a lead without a name by its e-mail, and matches a legacy 10-digit mobile", async () => {
    const mobile = freshMobile();
    const holder = await leadFactory(ctx.db, { fullName: "", mobile });
    const other = await leadFactory(ctx.db);
    const refused = await put(other.id, { mobile: `+91 ${mobile}` });
    expect(refused.statusCode).toBe(409);
    expect(fieldOf(refused, "mobile")).toBe(`Another lead already has this mobile: ${holder.email}`);
  });

  it("lets one of several leads taking one new mobile at once have it; the rest get 409 naming mobile", async () => {
    for (let round = 0; round < 3; round++) {
      const leads = await Promise.all(Array.from({ length: 6 }, () => leadFactory(ctx.db)));
      const mobile = freshMobile();
      const answers = await Promise.all(leads.map((l, i) => put(l.id, { mobile: i % 2 ? `+91 ${mobile}` : mobile })));
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join("\n")).toEqual([200, 409, 409, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.statusCode === 409)) expect(fieldOf(answer, "mobile")).toMatch(/^Another lead already has this mobile: /);
      expect(await ctx.db.select({ id: lead.id }).from(lead).where(eq(lead.mobile, `91${mobile}`))).toHaveLength(1);
    }
  });
});

describe("POST /api/crm/leads (item 9)", () => {
  it("refuses anonymous callers (401) and staff without sales or admin (403)", async () => {
    expect((await post({ fullName: "A", email: "a@example.com" }, null)).statusCode).toBe(401);
    const admissions = await signedIn(ctx, ["admissions", "content"]);
    const refused = await post({ fullName: "A", email: "a@example.com" }, admissions.cookie);
    expect(refused.statusCode).toBe(403);
  });

  it("adds a lead (201) with the form's fields, normalised, 'created by' the staff member, and lists it", async () => {
    const tag = searchTag("addl");
    const admin = await signedIn(ctx, ["admin"]);
    const mobile = freshMobile();
    const created = await post(
      {
        fullName: ` Ritika ${tag} `, email: ` Ritika.${tag}@Example.COM `, mobile: `+91 ${mobile}`, leadOwner: sales.id, priority: "High",
        leadStage: "Connected", leadStatus: "Pitched", saleAmount: 149990, collectedAmount: 50000, callDate: "2026-11-20", followUpDate: "2026-12-01", notes: "Met at the fair",
      },
      admin.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json() as Lead;
    expect(body).toMatchObject({
      fullName: `Ritika ${tag}`, email: `ritika.${tag}@example.com`, mobile: `91${mobile}`, leadOwner: sales.id, leadOwnerName: sales.name, priority: "High",
      leadStage: "Connected", leadStatus: "Pitched", saleAmount: 149990, collectedAmount: 50000, pendingAmount: 99990, latestCallDate: "2026-11-20",
      sourceType: "manual", version: 1,
    });
    const activity = (await detail(body.id)).activity;
    expect(activity).toEqual([expect.objectContaining({ kind: "create", by: admin.name })]);
    const page = (await ctx.app.inject({ method: "GET", url: `/api/crm/leads?q=${tag}`, headers: { cookie: sales.cookie } })).json() as LeadPage;
    expect(page.leads.map((l) => l.id)).toEqual([body.id]);
  });

  it("starts a lead at New with only a name and an e-mail; a stage alone starts at its first status", async () => {
    const plain = await post({ fullName: "Plain Lead", email: `plain.${searchTag("p")}@example.com` });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ leadStage: "New", leadStatus: "New", priority: "Medium", mobile: null, leadOwner: null });
    const staged = await post({ fullName: "Staged Lead", email: `staged.${searchTag("s")}@example.com`, leadStage: "Not Connected" });
    expect(staged.json()).toMatchObject({ leadStage: "Not Connected", leadStatus: "Call Back" });
  });

  it("gives each new lead a time-ordered id (migration 0035), added by hand or by any other writer, a later lead sorting after an earlier one", async () => {
    const before = Date.now();
    const byHand = (await post({ fullName: "Ordered Lead", email: `ordered.${searchTag("o")}@example.com` })).json() as Lead;
    const written = await leadFactory(ctx.db); // any other writer gets the column's default
    expectTimeOrderedSince([byHand.id, written.id], before);
    expect(v7Millis(written.id)!).toBeGreaterThanOrEqual(v7Millis(byHand.id)!);
  });

  it("answers 400 naming the field for bad input and for the pipeline rules of an edit", async () => {
    const email = () => `bad.${searchTag("b")}@example.com`;
    const cases: [object, string, string?][] = [
      [{ email: email() }, "fullName", "Full name is required"],
      [{ fullName: "No Email" }, "email", "Email is required"],
      [{ fullName: "X", email: "not-an-email" }, "email"],
      [{ fullName: "X", email: email(), mobile: "12" }, "mobile"],
      [{ fullName: "X", email: email(), saleAmount: -5 }, "saleAmount"],
      [{ fullName: "X", email: email(), callDate: "2026-02-30" }, "callDate"],
      [{ fullName: "X", email: email(), pendingAmount: 5 }, "pendingAmount"],
      [{ fullName: "X", email: email(), version: 1 }, "version"],
      [{ fullName: "X", email: email(), leadStatus: "Pitched" }, "leadStatus", "Pitched is not a status of the New stage"],
      [{ fullName: "X", email: email(), leadStage: "Connected", leadStatus: "CW - Token" }, "batchName", BATCH_REQUIRED],
      [{ fullName: "X", email: email(), saleAmount: 100, collectedAmount: 200 }, "collectedAmount", "Collected amount cannot be more than the sale amount"],
      [{ fullName: "X", email: email(), leadOwner: "00000000-0000-4000-8000-000000000000" }, "leadOwner", OWNER_RULE],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await post(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldOf(answer, field), `${JSON.stringify(payload)}: ${answer.body}`).toBe(message ?? fieldOf(answer, field));
      expect(fieldOf(answer, field)).toBeTruthy();
    }
    for (const body of ["[]", '"text"', "null"]) {
      const answer = await ctx.app.inject({ method: "POST", url: "/api/crm/leads", payload: body, headers: { cookie: sales.cookie, "content-type": "application/json" } });
      expect(answer.statusCode, body).toBe(400);
    }
  });

  it("converts straight to Closed Won with a batch; then it is a paid user", async () => {
    const created = await post({ fullName: "Won Lead", email: `won.${searchTag("w")}@example.com`, leadStage: "Connected", leadStatus: "CW - Full", batchName: "FF-2026-01", saleAmount: 1000, collectedAmount: 1000 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ leadStatus: "CW - Full", batchName: "FF-2026-01", pendingAmount: 0 });
  });

  it("refuses an e-mail or mobile another lead has with 409 naming that lead", async () => {
    const mobile = freshMobile();
    const holder = await leadFactory(ctx.db, { fullName: "Arjun Rao", mobile: `91${mobile}` });
    const byEmail = await post({ fullName: "Copy", email: holder.email.toUpperCase() });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().error).toMatchObject({ code: "conflict", fields: { email: "Another lead already has this email: Arjun Rao" } });
    const byMobile = await post({ fullName: "Copy", email: `copy.${searchTag("c")}@example.com`, mobile: `0${mobile}` });
    expect(byMobile.statusCode).toBe(409);
    expect(byMobile.json().error).toMatchObject({ code: "conflict", fields: { mobile: "Another lead already has this mobile: Arjun Rao" } });
  });

  it("adds one lead when the same new lead is sent several times at once; the rest get 409 naming the field", async () => {
    for (const field of ["email", "mobile"] as const) {
      const tag = searchTag("race");
      const mobile = freshMobile();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => post({ fullName: `Race ${tag}`, email: field === "email" ? `race.${tag}@example.com` : `race.${tag}.${i}@example.com`, mobile })),
      );
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join("\n")).toEqual([201, 409, 409, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.statusCode === 409)) expect(Object.keys(answer.json().error.fields)).toContain(field === "email" ? "email" : "mobile");
      const rows = await ctx.db.select({ id: lead.id }).from(lead).where(eq(lead.mobile, `91${mobile}`));
      expect(rows).toHaveLength(1);
    }
  });
});

describe("the form's call date is the list's Last Call (item 10)", () => {
  it("sets the latest call from a newer call date, keeps a newer one from an import", async () => {
    const row = await leadFactory(ctx.db);
    const edited = (await put(row.id, { callDate: "2026-11-20" })).json() as Lead;
    expect(edited).toMatchObject({ callDate: "2026-11-20", latestCallDate: "2026-11-20" });
    // An import recorded a later call with its time: an older call date leaves it.
    await ctx.db.update(lead).set({ latestCallDate: "2026-11-24", latestCallTime: "14:30" }).where(eq(lead.id, row.id));
    const older = (await put(row.id, { callDate: "2026-11-22" })).json() as Lead;
    expect(older).toMatchObject({ callDate: "2026-11-22", latestCallDate: "2026-11-24", latestCallTime: "14:30" });
    // A newer one replaces the date, and the other call's time goes with it.
    const newer = (await put(row.id, { callDate: "2026-11-25" })).json() as Lead;
    expect(newer).toMatchObject({ latestCallDate: "2026-11-25", latestCallTime: null });
    const listed = (await ctx.app.inject({ method: "GET", url: `/api/crm/leads?q=${encodeURIComponent(row.email)}`, headers: { cookie: sales.cookie } })).json() as LeadPage;
    expect(listed.leads.find((l) => l.id === row.id)).toMatchObject({ latestCallDate: "2026-11-25" });
    const fields = (await detail(row.id)).activity.filter((a) => a.kind === "edit").map((a) => ("field" in a ? a.field : null));
    expect(fields).toContain("latestCallDate");
  });
});
