import type PDFDocument from "pdfkit";
import { SITE_NAME } from "~/shared/constants";
import { formatDate } from "~/shared/format-date";
import { oneDecimal, performanceLabel, skillTone, summaryBullets, type Tone } from "~/shared/report-bands";
import { caseScenes } from "~/shared/report-scenes";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";

const BRAND = "#3730a3";
const INK = "#0f172a";
const MUTED = "#475569";
const TONE: Record<Tone, string> = { green: "#16a34a", yellow: "#ca8a04", orange: "#ea580c", red: "#dc2626" };
const MARGIN = 50;

type Doc = InstanceType<typeof PDFDocument>;

/** PDF standard fonts cover Latin-1 only; anything else becomes "?" rather than a broken glyph. */
const latin1 = (text: string) => text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, "-").replace(/[^\x20-\xff\n]/g, "?");

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8).font("Helvetica-Bold").fontSize(15).fillColor(BRAND).text(latin1(text)).moveDown(0.3);
}

function skillBar(doc: Doc, skill: string, score: number) {
  const width = doc.page.width - 2 * MARGIN;
  if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
  const y = doc.y;
  doc.font("Helvetica").fontSize(10).fillColor(INK).text(latin1(skill), MARGIN, y, { width: width - 60 });
  doc.font("Helvetica-Bold").text(`${oneDecimal(score)}/10`, MARGIN + width - 55, y, { width: 55, align: "right" });
  const barY = doc.y + 2;
  doc.rect(MARGIN, barY, width, 5).fill("#e2e8f0");
  doc.rect(MARGIN, barY, (width * Math.max(0, Math.min(10, score))) / 10, 5).fill(TONE[skillTone(score)]);
  doc.x = MARGIN;
  doc.y = barY + 12;
}

/** The report as the page shows it: header, summary, every dimension with skills and feedback, the case. */
export async function renderReportPdf(report: ReportDetail, siteUrl: string): Promise<Buffer> {
  // Loaded on the first PDF, not at start: pdfkit and its fonts are ~25 MB of a server's memory.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: `${report.simulationType} report`, Author: SITE_NAME } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(10).fillColor(MUTED).text(SITE_NAME.toUpperCase(), { characterSpacing: 1.5 });
  doc.font("Helvetica-Bold").fontSize(22).fillColor(INK).text(latin1(report.simulationType)).moveDown(0.4);
  doc.font("Helvetica").fontSize(11).fillColor(INK);
  doc.text(`Candidate: ${latin1(report.fullName)}`);
  doc.text(`Date: ${formatDate(report.date)}`);
  doc.text(`Total Score: ${Math.round(report.totalScore)}% (${performanceLabel(report.totalScore)})`);

  const bullets = summaryBullets(report.overallSummary);
  if (bullets.length) {
    heading(doc, "Overall Summary");
    for (const bullet of bullets) doc.font("Helvetica").fontSize(11).fillColor(INK).text(`-  ${latin1(bullet)}`, { indent: 6, paragraphGap: 3 });
  }

  heading(doc, "Performance Analysis");
  for (const [dimension, { average, skills }] of Object.entries(report.dimensionScores)) {
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc.moveDown(0.4).font("Helvetica-Bold").fontSize(12).fillColor(INK).text(`${latin1(dimension)}  (Avg ${oneDecimal(average)}/10)`).moveDown(0.3);
    for (const [skill, score] of Object.entries(skills)) {
      skillBar(doc, skill, score);
      const feedback = report.skillFeedback[skill];
      if (feedback) doc.font("Helvetica").fontSize(9.5).fillColor(MUTED).text(latin1(feedback), { paragraphGap: 4 });
    }
  }

  const scenes = caseScenes(report);
  if (report.caseStudyDetails) {
    doc.addPage();
    heading(doc, "Case Simulation");
    if (report.caseStudyDetails.companyBackground) {
      doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text("1. Company Background");
      doc.font("Helvetica").fontSize(10.5).fillColor(INK).text(latin1(report.caseStudyDetails.companyBackground), { paragraphGap: 6 });
    }
    for (const scene of scenes) {
      doc.moveDown(0.4).font("Helvetica-Bold").fontSize(12).fillColor(INK).text(latin1(scene.heading));
      doc.font("Helvetica").fontSize(10.5);
      if (scene.sceneText) doc.fillColor(INK).text(latin1(scene.sceneText), { paragraphGap: 3 });
      if (scene.context) doc.fillColor(MUTED).text(latin1(scene.context), { paragraphGap: 3 });
      if (scene.question) doc.font("Helvetica-Bold").fillColor(INK).text(latin1(scene.question), { paragraphGap: 3 });
      if (scene.response) doc.font("Helvetica-Oblique").fillColor(INK).text(`Your response: ${latin1(scene.response)}`, { paragraphGap: 6 });
    }
  }

  doc.moveDown(1).font("Helvetica").fontSize(9).fillColor(MUTED).text(`${SITE_NAME} - ${siteUrl}/founders-find`);
  doc.end();
  return done;
}
