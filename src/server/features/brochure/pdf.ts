import type PDFDocument from "pdfkit";
import { SITE_NAME } from "~/shared/constants";
import { AUDIENCE_ROLES, PROGRAM_FEATURES } from "~/shared/program/audience";
import { MARKETING_FIGURES, PRICING, PRICING_INCLUDES, PROGRAM_FACTS, SELECTION_FLOW } from "~/shared/program/offer";
import { PROGRAM_WEEKS, WEEKLY_RHYTHM } from "~/shared/program/weeks";
import { groupIndian } from "~/shared/format-number";

const BRAND = "#3730a3";
const INK = "#0f172a";
const MUTED = "#475569";
const ACCENT = "#f59e0b";
const MARGIN = 56;

/** PDF standard fonts have no ₹ glyph, so the brochure writes amounts as "INR 14,999". */
const inr = (amount: number) => `INR ${groupIndian(amount)}`;

type Doc = InstanceType<typeof PDFDocument>;

function heading(doc: Doc, text: string, eyebrow?: string) {
  if (eyebrow) doc.font("Helvetica-Bold").fontSize(10).fillColor(ACCENT).text(eyebrow.toUpperCase(), { characterSpacing: 1.5 });
  doc.font("Helvetica-Bold").fontSize(24).fillColor(BRAND).text(text).moveDown(0.6);
}

function bullets(doc: Doc, items: readonly string[], size = 11) {
  for (const item of items) doc.font("Helvetica").fontSize(size).fillColor(INK).text(`•  ${item}`, { indent: 8, paragraphGap: 4 });
}

function cards(doc: Doc, items: readonly { title: string; text: string }[]) {
  for (const item of items) {
    doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(item.title);
    doc.font("Helvetica").fontSize(10.5).fillColor(MUTED).text(item.text, { paragraphGap: 8 });
  }
}

function cover(doc: Doc) {
  const { width, height } = doc.page;
  doc.rect(0, 0, width, height).fill(BRAND);
  doc.rect(0, height - 12, width, 12).fill(ACCENT);
  doc.fillColor("#ffffff").font("Helvetica-Bold").fontSize(14).text(SITE_NAME.toUpperCase(), MARGIN, 90, { characterSpacing: 2 });
  doc.fontSize(40).text("Become the generalist startups hire", MARGIN, 160, { width: width - 2 * MARGIN });
  doc.moveDown(0.5).font("Helvetica").fontSize(15).fillColor("#e0e7ff");
  doc.text(`A ${PROGRAM_FACTS.weeks}-week, simulation-based program for early-career professionals (${PROGRAM_FACTS.experience}) heading to founder's office, strategy, category, VC platform and growth roles.`, { width: width - 2 * MARGIN });
  const top = height - 260;
  const col = (width - 2 * MARGIN) / MARKETING_FIGURES.length;
  MARKETING_FIGURES.forEach((figure, i) => {
    doc.font("Helvetica-Bold").fontSize(22).fillColor("#ffffff").text(figure.value, MARGIN + i * col, top, { width: col - 8 });
    doc.font("Helvetica").fontSize(10).fillColor("#c7d2fe").text(figure.label, MARGIN + i * col, top + 30, { width: col - 8 });
  });
  doc.font("Helvetica").fontSize(11).fillColor("#e0e7ff").text("Program brochure", MARGIN, height - 110);
}

function overview(doc: Doc) {
  doc.addPage();
  heading(doc, "Who it is for", "The program");
  cards(doc, AUDIENCE_ROLES);
  doc.moveDown();
  heading(doc, "Why Founder's Find works");
  cards(doc, PROGRAM_FEATURES);
}

function curriculum(doc: Doc) {
  doc.addPage();
  heading(doc, "The program, week by week", "Curriculum");
  doc.font("Helvetica").fontSize(11).fillColor(MUTED).text(`Week 0 onboarding, then ${PROGRAM_FACTS.weeks} weeks and ${PROGRAM_FACTS.missions} missions, ${PROGRAM_FACTS.hoursPerWeek} hours a week.`).moveDown();
  for (const week of PROGRAM_WEEKS) {
    if (doc.y > doc.page.height - 170) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(14).fillColor(BRAND).text(`${week.label}  ${week.title}`);
    doc.font("Helvetica-Oblique").fontSize(10.5).fillColor(MUTED).text(week.summary, { paragraphGap: 4 });
    bullets(doc, week.activities, 10.5);
    doc.moveDown(0.6);
  }
}

function rhythmAndPricing(doc: Doc) {
  doc.addPage();
  heading(doc, "Weekly Activities", "Rhythm");
  for (const slot of WEEKLY_RHYTHM) {
    doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(`${slot.days}: `, { continued: true });
    doc.font("Helvetica").fillColor(MUTED).text(slot.activity, { paragraphGap: 4 });
  }
  doc.moveDown(1.2);
  heading(doc, "Pricing", "Investment");
  doc.font("Helvetica-Bold").fontSize(30).fillColor(INK).text(inr(PRICING.price), { continued: true });
  doc.font("Helvetica").fontSize(14).fillColor(MUTED).text(`   instead of ${inr(PRICING.listPrice)}`, { strike: true });
  doc.font("Helvetica-Bold").fontSize(12).fillColor(ACCENT).text(`${PRICING.discountPercent}% limited-time discount`).moveDown(0.5);
  bullets(doc, PRICING_INCLUDES);
  doc.moveDown(1.2);
  heading(doc, "How selection works", "Apply");
  SELECTION_FLOW.forEach((step, i) => {
    doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(`${i + 1}. ${step.title}`);
    doc.font("Helvetica").fontSize(10.5).fillColor(MUTED).text(step.text, { paragraphGap: 6 });
  });
}

function closing(doc: Doc, siteUrl: string) {
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fontSize(16).fillColor(BRAND).text("Apply for the next cohort");
  doc.font("Helvetica").fontSize(11).fillColor(INK).text(`${siteUrl}/founders-find#application`, { link: `${siteUrl}/founders-find#application`, underline: true });
  doc.font("Helvetica").fontSize(10.5).fillColor(MUTED).text(`We reply within ${PROGRAM_FACTS.replyWithinHours} hours. Try a free diagnostic simulation first at ${siteUrl}/simulations.`);
}

function pageNumbers(doc: Doc) {
  const range = doc.bufferedPageRange();
  for (let i = 1; i < range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(9).fillColor(MUTED);
    doc.text(`${SITE_NAME} · Program brochure · ${i + 1} / ${range.count}`, MARGIN, doc.page.height - 36, { width: doc.page.width - 2 * MARGIN, align: "center", lineBreak: false });
  }
}

/** The program brochure, from the same content as the pages (src/shared/program). */
export async function renderBrochure(siteUrl: string): Promise<Buffer> {
  // Loaded on the first PDF, not at start: pdfkit and its fonts are ~25 MB of a server's memory.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, bufferPages: true, info: { Title: `${SITE_NAME} program brochure`, Author: SITE_NAME } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  cover(doc);
  overview(doc);
  curriculum(doc);
  rhythmAndPricing(doc);
  closing(doc, siteUrl);
  pageNumbers(doc);
  doc.end();
  return done;
}
