// A search combined with a minimum score: the search sample (migration 0019) has no scores, so such a
// search is counted on the leads. It answered 500 when the sample was asked about scores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("search with a minimum score", () => {
  it("answers with an exact count, sorted either way", async () => {
    const staff = await signedIn(ctx, ["sales"]);
    for (const url of ["/api/crm/leads?q=abcd&sort=score&scoreMin=40&view=active", "/api/crm/leads?q=abcd&scoreMin=40&view=paid"]) {
      const response = await ctx.app.inject({ method: "GET", url, headers: { cookie: staff.cookie } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject({ leads: [], total: 0, totalIsEstimate: false });
    }
  });
});
