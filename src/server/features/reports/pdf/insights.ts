import { formatDate } from "~/shared/format-date";
import { oneDecimal, performanceLabel } from "~/shared/report-bands";
import { changeText, placeText } from "~/shared/report-standing-text";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";
import { ensureRoom } from "./chart";
import { write, type Doc } from "./text";
import { BRAND, INK, MARGIN, MUTED } from "./theme";

const BODY = { size: 10.5, color: INK };
const SUBHEADING = { size: 12, color: INK, weight: "bold" as const };

/** A name on the left and its figure on the right, on one line (the name wraps if it must). */
function pair(doc: Doc, name: string, value: string) {
  const width = doc.page.width - 2 * MARGIN;
  ensureRoom(doc, 16);
  const y = doc.y;
  write(doc, name, { size: 10, color: MUTED }, { x: MARGIN, y, width: width * 0.55 });
  const bottom = doc.y;
  write(doc, value, { size: 10, color: INK, weight: "bold" }, { x: MARGIN + width * 0.55, y, width: width * 0.45, align: "right" });
  doc.x = MARGIN;
  doc.y = Math.max(bottom, doc.y) + 1;
}

/** Where the score stands, how it is built and the change since the last attempt, as on the page. */
export function standingBlock(doc: Doc, report: ReportDetail): void {
  const { standing, progress } = report;
  doc.moveDown(0.8);
  if (standing) {
    write(doc, "Where you stand", SUBHEADING, { x: MARGIN });
    write(doc, placeText(standing.overall), { size: 13, color: BRAND, weight: "bold" });
    const early = standing.overall.topPercent === null ? " A percentile is shown from 20 candidates on." : "";
    write(doc, `Among each candidate's best attempt at ${report.simulationType}.${early}`, { ...BODY, color: MUTED }, { paragraphGap: 3 });
    for (const dimension of standing.dimensions) pair(doc, dimension.name, placeText(dimension));
    doc.moveDown(0.6);
  }
  const averages = Object.values(report.dimensionScores).map((d) => d.average);
  const mean = averages.length ? averages.reduce((a, b) => a + b, 0) / averages.length : null;
  ensureRoom(doc, 60);
  write(doc, "How the score is built", SUBHEADING, { x: MARGIN });
  write(
    doc,
    `Your total, ${Math.round(report.totalScore)} out of 100, sums up the dimensions below: each dimension's average (out of 10) is the mean of its skill scores` +
      (mean !== null ? `, and your ${averages.length} averages come to ${mean.toFixed(1)}, or ${Math.round(mean * 10)} on the same scale as the total` : "") +
      `. Excellent is 80 and above, Good 60–79, Average 40–59, and below 40 Needs Improvement: yours is ${performanceLabel(report.totalScore)}.`,
    BODY,
    { paragraphGap: 3 },
  );
  if (progress) {
    doc.moveDown(0.6);
    ensureRoom(doc, 50);
    write(doc, "Progress since your previous attempt", SUBHEADING, { x: MARGIN });
    write(doc, `Total ${changeText(progress.totalChange)} since ${formatDate(progress.previousDate)}`, BODY, { paragraphGap: 3 });
    for (const dimension of progress.dimensions) pair(doc, dimension.name, changeText(dimension.change));
  }
}

/** The two weakest dimensions' next steps: a library simulation and the Founder's Find week that trains it. */
export function nextSteps(doc: Doc, report: ReportDetail, siteUrl: string): void {
  if (report.nextSteps.length === 0) return;
  ensureRoom(doc, 90);
  doc.moveDown(0.8);
  write(doc, "Your next steps", { size: 15, color: BRAND, weight: "bold" }, { x: MARGIN });
  doc.moveDown(0.3);
  for (const step of report.nextSteps) {
    ensureRoom(doc, 60);
    write(doc, step.dimension, SUBHEADING, { x: MARGIN, continued: true });
    write(doc, ` · ${oneDecimal(step.average)}/10`, { size: 12, color: MUTED });
    if (step.simulation) {
      const url = `${siteUrl}/simulations/${encodeURIComponent(step.simulation.slug)}`;
      write(doc, "Practise it: ", BODY, { continued: true });
      write(doc, step.simulation.title, { ...BODY, color: BRAND, weight: "bold" }, { link: url, underline: true });
    } else {
      write(doc, "No other simulation in the library practises it yet.", { ...BODY, color: MUTED });
    }
    if (step.week) write(doc, `Trained in Founder's Find ${step.week.label}, ${step.week.title}: ${step.week.summary}`, BODY);
    doc.moveDown(0.5);
  }
}
