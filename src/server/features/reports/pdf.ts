import { SITE_NAME } from "~/shared/constants";
import { formatDate } from "~/shared/format-date";
import { oneDecimal, performanceLabel, summaryBullets } from "~/shared/report-bands";
import { caseScenes } from "~/shared/report-scenes";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";
import { barChart, ensureRoom } from "./pdf/chart";
import { credentialBlock, type PdfCredential } from "./pdf/credential";
import { pageFooters } from "./pdf/footer";
import { nextSteps, standingBlock } from "./pdf/insights";
import { write, type Doc } from "./pdf/text";
import { BRAND, FOOTER, INK, MARGIN, MUTED } from "./pdf/theme";

export type { PdfCredential } from "./pdf/credential";
export { reportPdfDisposition, reportPdfFileName } from "./pdf/file-name";

/** The page's words for a scene the candidate did not answer (case-simulation.tsx). */
export const NO_RESPONSE = "No response recorded.";

function heading(doc: Doc, text: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.8);
  write(doc, text, { size: 15, color: BRAND, weight: "bold" }, { x: MARGIN });
  doc.moveDown(0.3);
}

function header(doc: Doc, report: ReportDetail) {
  write(doc, SITE_NAME.toUpperCase(), { size: 10, color: MUTED, weight: "bold" }, { characterSpacing: 1.5 });
  write(doc, report.simulationType, { size: 22, color: INK, weight: "bold" });
  doc.moveDown(0.4);
  const line = { size: 11, color: INK };
  write(doc, `Candidate: ${report.fullName}`, line);
  if (report.company) write(doc, `Company: ${report.company}`, line);
  write(doc, `Date: ${formatDate(report.date)}`, line);
  write(doc, `Total Score: ${Math.round(report.totalScore)}% (${performanceLabel(report.totalScore)})`, line);
}

/** Every dimension's average as a chart, then each dimension's skills with their feedback. */
function performance(doc: Doc, report: ReportDetail) {
  const dimensions = Object.entries(report.dimensionScores);
  if (dimensions.length === 0) return;
  // The heading, the chart's title and its first bars together: never a heading alone at a page's foot.
  ensureRoom(doc, 130);
  heading(doc, "Performance Analysis");
  write(doc, "Scores by dimension", { size: 12, color: INK, weight: "bold" });
  doc.moveDown(0.3);
  barChart(doc, dimensions.map(([label, { average }]) => ({ label, score: average })), { scale: true });
  for (const [dimension, { average, skills }] of dimensions) {
    const skillBars = Object.entries(skills).map(([label, score]) => ({ label, score, note: report.skillFeedback[label] }));
    ensureRoom(doc, skillBars.length ? 70 : 30);
    doc.moveDown(0.6);
    write(doc, dimension, { size: 12, color: INK, weight: "bold" }, { x: MARGIN, continued: true });
    // An imported report has averages without skills: the average alone, no empty chart.
    write(doc, `  (Avg ${oneDecimal(average)}/10)`, { size: 12, color: MUTED });
    doc.moveDown(0.3);
    if (skillBars.length) barChart(doc, skillBars);
  }
}

function caseSimulation(doc: Doc, report: ReportDetail) {
  if (!report.caseStudyDetails) return;
  doc.addPage();
  heading(doc, "Case Simulation");
  const body = { size: 10.5, color: INK };
  if (report.caseStudyDetails.companyBackground) {
    write(doc, "1. Company Background", { size: 12, color: INK, weight: "bold" });
    write(doc, report.caseStudyDetails.companyBackground, body, { paragraphGap: 6 });
  }
  for (const scene of caseScenes(report)) {
    ensureRoom(doc, 80);
    doc.moveDown(0.4);
    write(doc, scene.heading, { size: 12, color: INK, weight: "bold" }, { x: MARGIN });
    if (scene.sceneText) write(doc, scene.sceneText, body, { paragraphGap: 3 });
    if (scene.context) {
      write(doc, "Additional context", { ...body, color: MUTED, weight: "bold" });
      write(doc, scene.context, { ...body, color: MUTED }, { paragraphGap: 3 });
    }
    if (scene.question) write(doc, scene.question, { ...body, weight: "bold" }, { paragraphGap: 3 });
    answer(doc, scene.response);
  }
}

/** "Your response" with a brand rule beside it, as on the page. */
function answer(doc: Doc, response: string) {
  ensureRoom(doc, 40);
  const page = doc.page;
  const top = doc.y;
  const x = MARGIN + 10;
  const width = doc.page.width - 2 * MARGIN - 10;
  write(doc, "Your response", { size: 10.5, color: BRAND, weight: "bold" }, { x, y: top, width });
  write(doc, response || NO_RESPONSE, { size: 10.5, color: response ? INK : MUTED }, { width, paragraphGap: 6 });
  if (doc.page === page) doc.rect(MARGIN, top, 3, doc.y - top - 6).fill(BRAND);
  doc.x = MARGIN;
}

/**
 * The report as the page shows it: header, the credential when shared, where the score stands
 * and how it is built, the summary, the dimension chart, every dimension with its skills and
 * feedback, the next steps, and the case with each answer; "Page n of N" on every page. Text in any Indian script is embedded as subsets of Noto Sans (./pdf/fonts.ts).
 */
export async function renderReportPdf(report: ReportDetail, siteUrl: string, options: { credential?: PdfCredential } = {}): Promise<Buffer> {
  // Loaded on the first PDF, not at start: pdfkit and its fonts are ~25 MB of a server's memory.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER / 2 },
    bufferPages: true,
    info: { Title: `${report.fullName} – ${report.simulationType} report`, Author: SITE_NAME },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  header(doc, report);
  if (options.credential) credentialBlock(doc, options.credential);
  standingBlock(doc, report);

  const bullets = summaryBullets(report.overallSummary);
  if (bullets.length) {
    heading(doc, "Overall Summary");
    for (const bullet of bullets) write(doc, `•  ${bullet}`, { size: 11, color: INK }, { indent: 6, paragraphGap: 3 });
  }
  performance(doc, report);
  nextSteps(doc, report, siteUrl);
  caseSimulation(doc, report);

  doc.moveDown(1);
  write(doc, `More simulations: ${siteUrl}/founders-find`, { size: 9, color: MUTED }, { x: MARGIN });
  pageFooters(doc, siteUrl);
  doc.end();
  return done;
}
