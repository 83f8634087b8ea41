import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kolkataDateAndTime } from "~/shared/format-date";
import type { ActivityEntry, Lead, LeadConflict, LeadDetail } from "~/shared/schemas/crm";
import { leadFactory } from "../../fixtures/leads";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { expectSalesOnly } from "./refusals";

/** Issue 23 §1 "Log a call in two clicks": POST /api/crm/leads/{id}/calls. */
let ctx: TestContext;
let asha: Awaited<ReturnType<typeof signedIn>>;
let ravi: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  asha = await signedIn(ctx, ["sales"]);
  ravi = await signedIn(ctx, ["admin"]);
});
afterAll(() => ctx.close());

const logCall = (id: string, payload: object, cookie: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: `/api/crm/leads/${id}/calls`, payload, headers: { cookie, ...headers } });
const detail = async (id: string) => (await ctx.app.inject({ method: "GET", url: `/api/crm/leads/${id}`, headers: { cookie: asha.cookie } })).json() as LeadDetail;

describe("logging a call", () => {
  it("sets the latest call to now in Kolkata and the next follow-up, and shows the call in the activity", async () => {
    const row = await leadFactory(ctx.db, { latestCallDate: "2020-01-02", latestCallTime: "10:00", followUpDate: "2020-01-05" });
    const before = kolkataDateAndTime(new Date());
    const response = await logCall(row.id, { outcome: "call_back", note: "Wants the fee plan", followUpDate: "2031-04-01", version: 1 }, asha.cookie);
    const after = kolkataDateAndTime(new Date());
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as Lead;
    expect(saved.latestCallDate).toBe(after.date);
    expect([before.time, after.time]).toContain(saved.latestCallTime);
    expect(saved).toMatchObject({ followUpDate: "2031-04-01", version: 2 });

    const read = await detail(row.id);
    expect(read).toMatchObject({ latestCallDate: after.date, latestCallTime: saved.latestCallTime, followUpDate: "2031-04-01", version: 2 });
    const calls = read.activity.filter((entry): entry is Extract<ActivityEntry, { kind: "call" }> => entry.kind === "call");
    expect(calls).toEqual([{ kind: "call", outcome: "call_back", note: "Wants the fee plan", followUpDate: "2031-04-01", by: asha.name, at: expect.any(String) }]);
    // The call is not also logged as field edits.
    expect(read.activity.filter((entry) => entry.kind === "edit")).toEqual([]);
  });

  it("leaves the follow-up as it is when none is sent, clears it with null, and keeps every call", async () => {
    const row = await leadFactory(ctx.db, { followUpDate: "2031-02-03" });
    const first = await logCall(row.id, { outcome: "no_answer" }, asha.cookie);
    expect(first.json()).toMatchObject({ followUpDate: "2031-02-03", version: 2 });
    const second = await logCall(row.id, { outcome: "wrong_number", followUpDate: null, version: 2 }, ravi.cookie);
    expect(second.json()).toMatchObject({ followUpDate: null, version: 3 });
    const calls = (await detail(row.id)).activity.filter((entry) => entry.kind === "call");
    expect(calls.map((c) => ("outcome" in c ? [c.outcome, c.by] : null))).toEqual([
      ["wrong_number", ravi.name],
      ["no_answer", asha.name],
    ]);
  });

  it("answers 409 to a stale version (body or If-Match), naming the last change and carrying the lead, and logs nothing", async () => {
    const row = await leadFactory(ctx.db);
    expect((await ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${row.id}`, payload: { priority: "High", version: 1 }, headers: { cookie: ravi.cookie } })).statusCode).toBe(200);
    for (const attempt of [logCall(row.id, { outcome: "connected", version: 1 }, asha.cookie), logCall(row.id, { outcome: "connected" }, asha.cookie, { "if-match": '"1"' })]) {
      const stale = await attempt;
      expect(stale.statusCode, stale.body).toBe(409);
      const error = stale.json().error as LeadConflict;
      expect(error.lastChange.by).toBe(ravi.name);
      expect(error.current).toMatchObject({ id: row.id, priority: "High", version: 2, latestCallDate: null });
    }
    expect((await detail(row.id)).activity.some((entry) => entry.kind === "call")).toBe(false);
    const fresh = await logCall(row.id, { outcome: "connected", version: 2 }, asha.cookie);
    expect(fresh.json()).toMatchObject({ priority: "High", version: 3 });
  });

  it("names the field of bad input (400) and answers 404 for an unknown lead", async () => {
    const row = await leadFactory(ctx.db);
    const cases: [object, string][] = [
      [{}, "outcome"],
      [{ outcome: "voicemail" }, "outcome"],
      [{ outcome: "connected", followUpDate: "2031-02-30" }, "followUpDate"],
      [{ outcome: "connected", note: "x".repeat(2001) }, "note"],
      [{ outcome: "connected", version: 0 }, "version"],
      [{ outcome: "connected", latestCallDate: "2031-01-01" }, "_"],
    ];
    for (const [payload, field] of cases) {
      const response = await logCall(row.id, payload, asha.cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = response.json().error;
      if (field === "_") expect(error.code).toBe("invalid");
      else expect(Object.keys(error.fields ?? {}), JSON.stringify(error)).toContain(field);
    }
    const missing = await logCall("00000000-0000-4000-8000-000000000000", { outcome: "connected" }, asha.cookie);
    expect(missing.statusCode).toBe(404);
  });

  it("is for Sales and Admin only (401, 403)", async () => {
    const row = await leadFactory(ctx.db);
    await expectSalesOnly(ctx, [{ method: "POST", url: `/api/crm/leads/${row.id}/calls`, payload: { outcome: "connected" } }]);
    expect((await detail(row.id)).latestCallDate).toBeNull();
  });
});
