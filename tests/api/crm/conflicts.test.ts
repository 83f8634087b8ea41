import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/shared/format-date";
import type { Lead, LeadConflict } from "~/shared/schemas/crm";
import { leadFactory } from "../../fixtures/leads";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

/** Two sales staff working the same lead from two lists read at the same moment (issue 21 item 7). */
let ctx: TestContext;
let asha: Awaited<ReturnType<typeof signedIn>>;
let ravi: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  asha = await signedIn(ctx, ["sales"]);
  ravi = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

const put = (id: string, payload: object, cookie: string) => ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${id}`, payload, headers: { cookie } });

describe("inline changes between two stale lists", () => {
  it("answers 409 to the stale change, naming who made the last change and when, with the lead as it is now", async () => {
    const row = await leadFactory(ctx.db, { priority: "Medium" });
    // Both lists read version 1; Asha sets the priority first.
    const first = await put(row.id, { priority: "High", version: 1 }, asha.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const stale = await put(row.id, { priority: "Low", version: 1 }, ravi.cookie);
    expect(stale.statusCode, stale.body).toBe(409);
    const error = stale.json().error as LeadConflict;
    expect(error.code).toBe("conflict");
    expect(error.lastChange.by).toBe(asha.name);
    expect(Date.now() - Date.parse(error.lastChange.at)).toBeLessThan(60_000);
    expect(error.message).toBe(
      `${asha.name} changed this lead on ${formatDateTime(error.lastChange.at)}, after you opened it. Reload to see their changes, then make yours again.`,
    );
    expect(error.fields).toEqual({ version: error.message });
    expect(error.current).toMatchObject({ id: row.id, priority: "High", version: 2 });
    // Nothing was overwritten.
    const read = await ctx.app.inject({ method: "GET", url: `/api/crm/leads/${row.id}`, headers: { cookie: ravi.cookie } });
    expect((read.json() as Lead).priority).toBe("High");
  });

  it("refuses a stale owner, stage or status change the same way, and applies a fresh one (200)", async () => {
    const row = await leadFactory(ctx.db);
    expect((await put(row.id, { leadStage: "Connected", version: 1 }, asha.cookie)).statusCode).toBe(200);
    for (const change of [{ leadOwner: ravi.id }, { leadStage: "Incorrect" }, { leadStatus: "Pitched" }]) {
      const stale = await put(row.id, { ...change, version: 1 }, ravi.cookie);
      expect(stale.statusCode, JSON.stringify(change)).toBe(409);
      expect((stale.json().error as LeadConflict).lastChange.by).toBe(asha.name);
    }
    const fresh = await put(row.id, { leadStatus: "Pitched", version: 2 }, ravi.cookie);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ leadStage: "Connected", leadStatus: "Pitched", version: 3 });
    // Now Ravi's change is the last one: a list still on version 2 is told his name.
    const after = await put(row.id, { priority: "Low", version: 2 }, asha.cookie);
    expect((after.json().error as LeadConflict).lastChange.by).toBe(ravi.name);
  });

  it("documents the 409 in the OpenAPI description of the update", async () => {
    const spec = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const put = spec.paths?.["/api/crm/leads/{id}"]?.put;
    expect(Object.keys(put?.responses ?? {})).toEqual(expect.arrayContaining(["200", "409"]));
  });
});
