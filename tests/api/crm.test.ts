import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lead, leadEngagement } from "~/server/db/schema";
import { recordLeadEngagement } from "~/server/features/leads/service";
import { createTestApp, signedIn, type TestContext } from "../helpers/app";
import { multipart } from "../helpers/multipart";
import { leadFactory } from "../fixtures/leads";

let ctx: TestContext;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sales = await signedIn(ctx, ["sales"]);
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url, headers: { cookie: sales.cookie } });
const put = (id: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "PUT", url: `/api/crm/leads/${id}`, payload, headers: { cookie: sales.cookie, ...headers } });
const post = (url: string) => ctx.app.inject({ method: "POST", url, headers: { cookie: sales.cookie } });

describe("smoke", () => {
  it("lists", async () => {
    const row = await leadFactory(ctx.db);
    const res = await get("/api/crm/leads");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().leads[0].id).toBe(row.id);
    const upd = await put(row.id, { leadStage: "Connected" });
    expect(upd.statusCode, upd.body).toBe(200);
    const detail = await get(`/api/crm/leads/${row.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const csv = await get(`/api/crm/leads.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const analytics = await get(`/api/crm/analytics?q=lead`);
    expect(analytics.statusCode, analytics.body).toBe(200);
    const body = multipart("file", "legacy.csv", readFileSync("/work/shared/fixtures/crm-legacy-leads.csv"), "text/csv");
    const imp = await ctx.app.inject({ method: "POST", url: "/api/crm/sync-csv", ...body, headers: { ...body.headers, cookie: sales.cookie } });
    expect(imp.statusCode, imp.body).toBe(200);
    console.log(imp.json());
    const fix = await post("/api/crm/fix-duplicates");
    expect(fix.statusCode, fix.body).toBe(200);
    const sync = await post("/api/crm/sync");
    expect(sync.statusCode, sync.body).toBe(200);
    void eq; void sql; void lead; void leadEngagement; void recordLeadEngagement;
  });
});
