import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_HEIGHT, CARD_WIDTH } from "~/shared/credential";
import { createTestApp, signedIn, type TestContext } from "../../helpers/app";
import { pdfText } from "../../helpers/pdf-text";
import { candidateCookie, postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";

let ctx: TestContext;
let asha: string;
let slug: string;
let ravi: string;
let admin: string;

const SECRET_ANSWER = "My confidential answer about the distributor";
const SECRET_FEEDBACK = "Private feedback only the candidate reads";

beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN, TRUST_PROXY: "1" });
  const input = reportInput({ email: "asha@example.com", fullName: "आशा राव", simulationType: "Founder's Office Diagnostic" });
  input.candidateResponses = { Q1: SECRET_ANSWER };
  input.skillFeedback = Object.fromEntries(Object.keys(input.skillFeedback).map((skill) => [skill, SECRET_FEEDBACK]));
  slug = (await postReport(ctx.app, input)).json<{ slug: string }>().slug;
  await postReport(ctx.app, reportInput({ email: "ravi@example.com", fullName: "Ravi Iyer" }));
  asha = await candidateCookie(ctx.app, "asha@example.com");
  ravi = await candidateCookie(ctx.app, "ravi@example.com");
  admin = (await signedIn(ctx, ["admin"])).cookie;
});
afterAll(() => ctx.close());

const share = (method: "PUT" | "DELETE" | "GET", cookie?: string, reportSlug = slug) =>
  ctx.app.inject({ method, url: `/api/simulation/reports/${reportSlug}/share`, headers: cookie ? { cookie } : {} });
const verify = (id: string) => ctx.app.inject({ method: "GET", url: `/api/verify/${id}` });
const card = (id: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url: `/verify/${id}/card.png`, headers });

describe("sharing a report as a verified credential", () => {
  it("is off until the owner turns it on; the id is 144 random bits in base64url and the link is /verify/{id}", async () => {
    expect((await share("GET", asha)).json()).toEqual({ shared: false, shareId: null, url: null, sharedAt: null });
    const on = await share("PUT", asha);
    expect(on.statusCode, on.body).toBe(200);
    const body = on.json<{ shared: boolean; shareId: string; url: string }>();
    expect(body.shared).toBe(true);
    expect(body.shareId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body.url).toBe(`http://localhost:3000/verify/${body.shareId}`);
    // Again: the same credential, not a second one.
    expect((await share("PUT", asha)).json<{ shareId: string }>().shareId).toBe(body.shareId);
    expect((await share("GET", asha)).json<{ shareId: string }>().shareId).toBe(body.shareId);
    expect((await share("GET", asha)).headers["cache-control"]).toBe("private, no-store");
  });

  it("shows anyone the public fields, and never the e-mail, the answers or the feedback", async () => {
    const { shareId } = (await share("PUT", asha)).json<{ shareId: string }>();
    const answer = await verify(shareId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["x-robots-tag"]).toMatch(/noindex/);
    const credential = answer.json<Record<string, unknown>>();
    expect(Object.keys(credential).sort()).toEqual(
      ["band", "completedAt", "credentialId", "dimensions", "fullName", "imageUrl", "issuer", "sharedAt", "simulationType", "standing", "totalScore", "url"].sort(),
    );
    expect(credential).toMatchObject({
      credentialId: shareId,
      fullName: "आशा राव",
      simulationType: "Founder's Office Diagnostic",
      issuer: "Founder's Find",
      url: `http://localhost:3000/verify/${shareId}`,
      imageUrl: `http://localhost:3000/verify/${shareId}/card.png`,
    });
    expect(credential.band).toMatch(/^(Excellent|Good|Average|Needs Improvement)$/);
    // Asha and Ravi took the same simulation with the same scores (a tie shares rank 1); under 20
    // candidates it is an early cohort: ranked, without a percentile.
    expect(credential.standing).toEqual({ rank: 1, candidates: 2, topPercent: null });
    expect(credential.dimensions).toHaveLength(6);
    expect((credential.dimensions as unknown[])[0]).toEqual({
      name: "Business Strategy & Thinking",
      average: expect.any(Number),
      standing: { rank: 1, candidates: 2, topPercent: null },
    });
    for (const secret of ["asha@example.com", SECRET_ANSWER, SECRET_FEEDBACK, slug]) expect(answer.body).not.toContain(secret);
  });

  it("draws a 1200×630 PNG share image, with an ETag that answers 304", async () => {
    const { shareId } = (await share("PUT", asha)).json<{ shareId: string }>();
    const image = await card(shareId);
    expect(image.statusCode, image.body.slice(0, 200)).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["x-robots-tag"]).toMatch(/noindex/);
    const png = image.rawPayload;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    const etag = String(image.headers.etag);
    expect(etag).toMatch(/^"card-/);
    const again = await card(shareId, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
  }, 60_000);

  it("turns off at any time: the JSON and the image answer 404, and sharing again makes a new id", async () => {
    const { shareId: first } = (await share("PUT", asha)).json<{ shareId: string }>();
    const off = await share("DELETE", asha);
    expect(off.statusCode).toBe(204);
    expect((await verify(first)).statusCode).toBe(404);
    expect((await card(first)).statusCode).toBe(404);
    expect((await share("GET", asha)).json<{ shared: boolean }>().shared).toBe(false);
    expect((await share("DELETE", asha)).statusCode).toBe(204);
    const { shareId: second } = (await share("PUT", asha)).json<{ shareId: string }>();
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(404);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it("lets only the owner turn it on or off: anonymous 401, another candidate 404, staff (even admin) 403", async () => {
    const { shareId } = (await share("PUT", asha)).json<{ shareId: string }>();
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      expect((await share(method)).statusCode, `${method} anonymous`).toBe(401);
      expect((await share(method, ravi)).statusCode, `${method} another candidate`).toBe(404);
      const staff = await share(method, admin);
      expect(staff.statusCode, `${method} staff`).toBe(403);
      expect(staff.json().error.code).toBe("forbidden");
    }
    // Nothing they tried changed it.
    expect((await verify(shareId)).statusCode).toBe(200);
    expect((await share("GET", asha)).json<{ shareId: string }>().shareId).toBe(shareId);
  });

  it("puts the credential (id and verification URL) in the report's PDF only while it is shared", async () => {
    const pdf = async () => pdfText((await ctx.app.inject({ method: "GET", url: `/api/simulation/report/${slug}/pdf`, headers: { cookie: asha } })).rawPayload).replace(/\s+/g, " ");
    const { shareId, url } = (await share("PUT", asha)).json<{ shareId: string; url: string }>();
    const shared = await pdf();
    expect(shared).toContain(shareId);
    expect(shared).toContain(url);
    await share("DELETE", asha);
    const unshared = await pdf();
    expect(unshared).not.toContain(shareId);
    expect(unshared).not.toContain("/verify/");
  }, 60_000);

  it("answers 404 for an id never shared and 400 naming id for one that cannot be an id", async () => {
    expect((await verify("A".repeat(24))).statusCode).toBe(404);
    expect((await card("A".repeat(24))).statusCode).toBe(404);
    const bad = await verify("not-an-id!");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBeTruthy();
    expect((await share("PUT", asha, "no-such-report")).statusCode).toBe(404);
  });
});
