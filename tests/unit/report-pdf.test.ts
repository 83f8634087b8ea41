import { describe, expect, it } from "vitest";
import { reportInput } from "~/server/features/reports/demo";
import { renderReportPdf, reportPdfDisposition, reportPdfFileName } from "~/server/features/reports/pdf";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";
import { pdfText } from "../helpers/pdf-text";

/** A report as the page receives it, from the chatbot's input. */
function reportDetail(overrides: Parameters<typeof reportInput>[0] = {}): ReportDetail {
  const input = reportInput(overrides);
  return {
    fullName: input.fullName,
    simulationType: input.simulationType,
    date: new Date(input.completedAt ?? "2026-11-25T09:00:00Z").toISOString(),
    slug: "r-test",
    totalScore: input.totalScore,
    overallSummary: input.overallSummary,
    pdfReportLink: null,
    email: input.email,
    company: input.company ?? null,
    dimensionScores: input.dimensionScores,
    skillFeedback: input.skillFeedback,
    caseStudyDetails: input.caseStudyDetails ? { companyBackground: input.caseStudyDetails.companyBackground ?? "", scenes: input.caseStudyDetails.scenes!.map((s) => ({ title: "", sceneText: "", content: "", question: "", ...s })) } : null,
    candidateResponses: input.candidateResponses,
    selfRating: null,
    standing: null,
    progress: null,
    nextSteps: [],
  };
}

const SITE = "https://foundersfind.example";
// Whitespace differs with the layout poppler infers; compare words.
const squash = (text: string) => text.replace(/\s+/g, " ");

describe("the report PDF", () => {
  it("keeps Devanagari, Tamil and ₹ as text (embedded Noto Sans subsets, reading order kept)", async () => {
    const report = reportDetail({
      fullName: "प्रिया नायर",
      overallSummary: "- Sized the market at ₹40 lakh a month. - கார்த்திக் சுப்ரமணியம் led the pilot",
      candidateResponses: { Q1: "मैं पहले ग्राहकों से बात करूँगी: বাংলা, తెలుగు, ಕನ್ನಡ, മലയാളം, ગુજરાતી, ਪੰਜਾਬੀ." },
    });
    const text = squash(pdfText(await renderReportPdf(report, SITE)));
    expect(text).toContain("Candidate: प्रिया नायर");
    expect(text).toContain("₹40 lakh");
    expect(text).toContain("கார்த்திக் சுப்ரமணியம்");
    expect(text).toContain("मैं पहले ग्राहकों से बात करूँगी");
    for (const word of ["বাংলা", "తెలుగు", "ಕನ್ನಡ", "മലയാളം", "ગુજરાતી", "ਪੰਜਾਬੀ"]) expect(text).toContain(word);
    // The old Helvetica PDF wrote each of these characters as "?".
    expect(text).not.toMatch(/\?{2,}/);
  });

  it("numbers every page, charts every dimension with its full name, and says when a scene has no answer", async () => {
    const report = reportDetail({ candidateResponses: { Q1: "Call the distributor first." } });
    const text = squash(pdfText(await renderReportPdf(report, SITE)));
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text).toContain("Scores by dimension");
    expect(text).toContain("Execution & Operational Excellence");
    expect(text).toContain("Tech & Automation Fluency");
    expect(text).toContain("Call the distributor first.");
    // Scenes 2 to 10 were not answered.
    expect(text.split("No response recorded.")).toHaveLength(10);
  });

  it("keeps the record's order of dimensions and skills", async () => {
    const report = reportDetail();
    report.dimensionScores = {
      "Tech & Automation Fluency": { average: 6, skills: { "Tool selection": 6, "Technical literacy": 6 } },
      Growth: { average: 7, skills: { Zeta: 7, Alpha: 7 } },
    };
    const text = squash(pdfText(await renderReportPdf(report, SITE)));
    const analysis = text.slice(text.indexOf("Performance Analysis"));
    const at = (word: string) => analysis.indexOf(word, analysis.indexOf("Scores by dimension") + 20);
    expect(at("Tech & Automation Fluency")).toBeLessThan(at("Growth"));
    expect(analysis.indexOf("Tool selection")).toBeLessThan(analysis.indexOf("Technical literacy"));
    expect(analysis.indexOf("Zeta")).toBeLessThan(analysis.indexOf("Alpha"));
  });

  it("shows a dimension without skills (an imported report) as its average alone", async () => {
    const report = reportDetail();
    report.dimensionScores = { "Business Strategy & Thinking": { average: 7.5, skills: {} }, "Growth & Marketing Acumen": { average: 6, skills: {} } };
    report.skillFeedback = {};
    const text = squash(pdfText(await renderReportPdf(report, SITE)));
    // In the chart of dimension averages, then as the dimension's line with no skill chart under it.
    expect(text).toContain("Scores by dimension Business Strategy & Thinking 7.5/10 Growth & Marketing Acumen 6.0/10");
    expect(text).toContain("Business Strategy & Thinking (Avg 7.5/10) Growth & Marketing Acumen (Avg 6.0/10)");
  });

  it("carries the credential id, its verification URL and a QR code when the report is shared", async () => {
    const report = reportDetail();
    const url = `${SITE}/verify/cr_9f3a7c21d4e84b6a`;
    const shared = await renderReportPdf(report, SITE, { credential: { id: "cr_9f3a7c21d4e84b6a", url } });
    const text = squash(pdfText(shared));
    expect(text).toContain("Verified credential");
    expect(text).toContain("Credential ID: cr_9f3a7c21d4e84b6a");
    expect(text).toContain(url);
    expect(shared.toString("latin1")).toContain(`/URI (${url})`);
    const unshared = squash(pdfText(await renderReportPdf(report, SITE)));
    expect(unshared).not.toContain("Credential ID");
  });

  it("shows where the score stands, the progress since the last attempt and the next steps, in the page's words", async () => {
    const report = reportDetail();
    report.standing = {
      overall: { rank: 41, candidates: 226, topPercent: 18 },
      dimensions: [{ name: "Tech & Automation Fluency", rank: 3, candidates: 226, topPercent: 1 }],
    };
    report.progress = {
      previousDate: "2026-10-05T05:00:00.000Z",
      previousSlug: "r-before",
      totalChange: 12,
      dimensions: [{ name: "Growth & Marketing Acumen", previous: 5.5, change: 1.5 }],
    };
    report.nextSteps = [
      {
        dimension: "Execution & Operational Excellence",
        average: 6.7,
        simulation: { slug: "ops-sprint", title: "Operations Sprint" },
        week: { label: "Week 3", title: "Running the machine", summary: "Owners, checkpoints and a weekly review." },
      },
    ];
    const pdf = await renderReportPdf(report, SITE);
    const text = squash(pdfText(pdf));
    expect(text).toContain("Where you stand Top 18% · 41st of 226 candidates");
    expect(text).toContain("Tech & Automation Fluency Top 1% · 3rd of 226 candidates");
    expect(text).toContain("How the score is built");
    expect(text).toContain("Progress since your previous attempt Total +12 since 5 Oct 2026");
    expect(text).toContain("Growth & Marketing Acumen +1.5");
    expect(text).toContain("Your next steps Execution & Operational Excellence · 6.7/10 Practise it: Operations Sprint");
    expect(text).toContain("Trained in Founder's Find Week 3, Running the machine: Owners, checkpoints and a weekly review.");
    expect(pdf.toString("latin1")).toContain(`/URI (${SITE}/simulations/ops-sprint)`);
  });

  it("names the file after the candidate, the simulation and the day in Kolkata", () => {
    // 20:00 UTC on 24 Nov is 01:30 on 25 Nov in Kolkata.
    const report = { fullName: "Priya Nayar", simulationType: "Market Entry", date: "2026-11-24T20:00:00.000Z" };
    expect(reportPdfFileName(report)).toBe("priya-nayar-market-entry-2026-11-25.pdf");
    expect(reportPdfFileName({ ...report, fullName: "Zoë D'Souza" })).toBe("zoe-dsouza-market-entry-2026-11-25.pdf");
    const devanagari = { ...report, fullName: "प्रिया नायर" };
    expect(reportPdfFileName(devanagari)).toBe("candidate-market-entry-2026-11-25.pdf");
    expect(reportPdfDisposition(devanagari)).toBe(
      `attachment; filename="candidate-market-entry-2026-11-25.pdf"; filename*=UTF-8''${encodeURIComponent("प्रिया-नायर-market-entry-2026-11-25.pdf")}`,
    );
  });
});
