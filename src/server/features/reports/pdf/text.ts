import type PDFDocument from "pdfkit";
import { baselineOffset, fontRuns, useFont, type Weight } from "./fonts";

export type Doc = InstanceType<typeof PDFDocument>;

export interface Style {
  size: number;
  color: string;
  weight?: Weight;
}

/**
 * Writes text in any script at the cursor (or at options.x/y), wrapping like doc.text: each run
 * of one face is a `continued` piece of the same paragraph. A shaped Indic run draws its glyphs in
 * visual order (the vowel sign of "प्रि" before the conjunct), so it carries its reading order as
 * ActualText: text extraction, search and screen readers then get "प्रिया", not "िप्रया".
 */
export function write(doc: Doc, text: string, style: Style, options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {}): Doc {
  const { x, y, ...rest } = options;
  const weight = style.weight ?? "regular";
  const runs = fontRuns(text, weight);
  if (runs.length === 0) return doc;
  doc.fillColor(style.color);
  runs.forEach((run, index) => {
    useFont(doc, run.face, weight).fontSize(style.size);
    if (run.complex) doc.markContent("Span", { actual: run.text } as PDFKit.Mixins.MarkingOptions);
    const pieceOptions = { baseline: -(baselineOffset() / 1000) * style.size, ...rest, continued: index < runs.length - 1 || rest.continued };
    if (index === 0 && x !== undefined) doc.text(run.text, x, y, pieceOptions);
    else doc.text(run.text, pieceOptions);
    if (run.complex) doc.endMarkedContent();
  });
  return doc;
}

/** The height a paragraph will take (measured in the Latin face, close enough to plan a page break). */
export function heightOf(doc: Doc, text: string, style: Style, width: number): number {
  return useFont(doc, 0, style.weight ?? "regular")
    .fontSize(style.size)
    .heightOfString(text, { width });
}
