import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareReport, unshareReport } from "~/server/features/reports/credential";
import { createTestApp, type TestContext } from "../../helpers/app";
import { pdfText } from "../../helpers/pdf-text";
import { candidateCookie, postReport, reportInput, WEBHOOK_TOKEN } from "../../fixtures/reports";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ REPORT_WEBHOOK_TOKEN: WEBHOOK_TOKEN, TRUST_PROXY: "1" });
});
afterAll(() => ctx.close());

const download = (slug: string, cookie: string) => ctx.app.inject({ method: "GET", url: `/api/simulation/report/${slug}/pdf`, headers: { cookie } });

describe("the report PDF download", () => {
  it("keeps a Devanagari name, a Tamil answer and ₹ as text, and is named after the candidate and simulation", async () => {
    const email = "priya.nayar@example.com";
    const posted = await postReport(
      ctx.app,
      reportInput({
        email,
        fullName: "प्रिया नायर",
        simulationType: "Market Entry",
        // 21:00 UTC on 24 Nov: already 25 Nov in Kolkata.
        completedAt: "2026-11-24T21:00:00Z",
        overallSummary: "- Sized the opportunity at ₹40 lakh a month. - Spoke to the buyers first",
        candidateResponses: { Q1: "முதலில் வாடிக்கையாளர்களிடம் பேசுவேன்", Q2: "" },
      }),
    );
    expect(posted.statusCode, posted.body).toBe(200);
    const response = await download(posted.json().slug, await candidateCookie(ctx.app, email));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="candidate-market-entry-2026-11-25.pdf"; filename*=UTF-8''${encodeURIComponent("प्रिया-नायर-market-entry-2026-11-25.pdf")}`,
    );
    const text = pdfText(response.rawPayload).replace(/\s+/g, " ");
    expect(text).toContain("Candidate: प्रिया नायर");
    expect(text).toContain("₹40 lakh");
    expect(text).toContain("முதலில் வாடிக்கையாளர்களிடம் பேசுவேன்");
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).toContain("No response recorded.");
  });

  it("carries the credential id, the verification URL and its QR code once the report is shared, and not after", async () => {
    const email = "shared.pdf@example.com";
    const { slug } = (await postReport(ctx.app, reportInput({ email }))).json() as { slug: string };
    const cookie = await candidateCookie(ctx.app, email);
    expect(pdfText((await download(slug, cookie)).rawPayload)).not.toContain("Credential ID");
    const share = await shareReport(ctx.db, slug, email, ctx.config.publicBaseUrl);
    const shared = (await download(slug, cookie)).rawPayload;
    const text = pdfText(shared).replace(/\s+/g, " ");
    expect(text).toContain(`Credential ID: ${share!.shareId}`);
    expect(text).toContain(share!.url!);
    expect(share!.url).toBe(`${ctx.config.publicBaseUrl}/verify/${share!.shareId}`);
    expect(shared.toString("latin1")).toContain(`/URI (${share!.url})`);
    await unshareReport(ctx.db, slug, email);
    expect(pdfText((await download(slug, cookie)).rawPayload)).not.toContain("Credential ID");
  });

  it("names a Latin name's file in ASCII, one per candidate and simulation", async () => {
    const email = "zoe.dsouza@example.com";
    const posted = await postReport(ctx.app, reportInput({ email, fullName: "Zoë D'Souza", simulationType: "Growth Strategy Sprint", completedAt: "2026-11-12T16:05:00+05:30" }));
    const response = await download(posted.json().slug, await candidateCookie(ctx.app, email));
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="zoe-dsouza-growth-strategy-sprint-2026-11-12.pdf"; filename*=UTF-8''zo%C3%AB-dsouza-growth-strategy-sprint-2026-11-12.pdf`,
    );
  });
});
