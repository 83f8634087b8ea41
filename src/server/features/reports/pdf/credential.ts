import QRCode from "qrcode";
import { write, type Doc } from "./text";
import { BRAND, INK, MARGIN, MUTED } from "./theme";

export interface PdfCredential {
  /** The credential's id, as its verification page names it. */
  id: string;
  /** The public verification page, /verify/{id}. */
  url: string;
}

/** The QR code of a URL as filled squares: one rect per horizontal run of dark modules. */
function drawQr(doc: Doc, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(x + start * cell, y + row * cell, (col - start) * cell, cell);
        start = -1;
      }
    }
  }
  doc.fill(INK);
}

/** A shared report's credential: its id, the page that verifies it, and that page's QR code. */
export function credentialBlock(doc: Doc, credential: PdfCredential): void {
  const width = doc.page.width - 2 * MARGIN;
  const qr = 84;
  const top = doc.y + 6;
  doc.roundedRect(MARGIN, top, width, qr + 16, 6).lineWidth(1).stroke("#c7d2fe");
  drawQr(doc, credential.url, MARGIN + width - qr - 8, top + 8, qr);
  const textWidth = width - qr - 32;
  write(doc, "Verified credential", { size: 12, color: BRAND, weight: "bold" }, { x: MARGIN + 12, y: top + 10, width: textWidth });
  write(doc, `Credential ID: ${credential.id}`, { size: 10, color: INK }, { width: textWidth });
  write(doc, "Anyone can check this result at:", { size: 9.5, color: MUTED }, { width: textWidth });
  write(doc, credential.url, { size: 9.5, color: BRAND }, { width: textWidth, link: credential.url, underline: true });
  doc.x = MARGIN;
  doc.y = top + qr + 24;
}
