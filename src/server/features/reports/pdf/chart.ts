import { oneDecimal, skillTone } from "~/shared/report-bands";
import { heightOf, write, type Doc } from "./text";
import { MARGIN, MUTED, TONE, TRACK, INK } from "./theme";

export interface Bar {
  label: string;
  score: number;
  /** Written under the bar across the full width (a skill's feedback). */
  note?: string;
}

const LABEL = { size: 10, color: INK };
const NOTE = { size: 9.5, color: MUTED };

/** Starts a new page when the next block would run into the footer. */
export function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/**
 * A horizontal bar chart of scores out of 10, drawn as vectors: each full label wraps in its own
 * column (never clipped), the bar and the score to its right, coloured by the spec's skill bands.
 * The record's order is kept (the chatbot's order of dimensions and skills).
 */
export function barChart(doc: Doc, bars: Bar[], { scale = false } = {}): void {
  const width = doc.page.width - 2 * MARGIN;
  const labelWidth = Math.round(width * 0.42);
  const barX = MARGIN + labelWidth + 10;
  const barWidth = width - labelWidth - 10 - 48;
  for (const { label, score, note } of bars) {
    const rowHeight = Math.max(16, heightOf(doc, label, LABEL, labelWidth) + 5);
    ensureRoom(doc, rowHeight + (note ? 14 : 0));
    const y = doc.y;
    write(doc, label, LABEL, { x: MARGIN, y, width: labelWidth });
    const clamped = Math.max(0, Math.min(10, score));
    doc.rect(barX, y + 3, barWidth, 8).fill(TRACK);
    if (clamped > 0) doc.rect(barX, y + 3, (barWidth * clamped) / 10, 8).fill(TONE[skillTone(score)]);
    write(doc, `${oneDecimal(score)}/10`, { size: 10, color: INK, weight: "bold" }, { x: barX + barWidth + 6, y, width: 42, align: "right" });
    doc.x = MARGIN;
    doc.y = y + rowHeight;
    if (note) write(doc, note, NOTE, { x: MARGIN, y: doc.y, width, paragraphGap: 6 });
  }
  if (!scale) return;
  // The scale under the chart, so a bar's length reads without its number.
  ensureRoom(doc, 14);
  const y = doc.y;
  for (const tick of [0, 5, 10]) {
    write(doc, String(tick), { size: 8, color: MUTED }, { x: barX + (barWidth * tick) / 10 - 10, y, width: 20, align: "center" });
  }
  doc.x = MARGIN;
  doc.y = y + 14;
}
