import { SITE_NAME } from "~/shared/constants";
import { write, type Doc } from "./text";
import { FOOTER, MARGIN, MUTED } from "./theme";

/** "Page 2 of 5" and the site on every page, written once the page count is known (bufferPages). */
export function pageFooters(doc: Doc, siteUrl: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + (MARGIN - FOOTER) / 2;
    const width = doc.page.width - 2 * MARGIN;
    write(doc, `${SITE_NAME} · ${siteUrl}`, { size: 8.5, color: MUTED }, { x: MARGIN, y, width: width / 2, lineBreak: false });
    write(doc, `Page ${index - start + 1} of ${count}`, { size: 8.5, color: MUTED }, { x: MARGIN + width / 2, y, width: width / 2, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
