import { execFileSync } from "node:child_process";

/**
 * The text of a PDF as poppler's pdftotext reads it (what copy, search and screen readers get), in
 * content order (-raw). poppler-utils is a test dependency: .ci/run installs it; a missing
 * pdftotext fails the test rather than skipping it.
 */
export function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", "-", "-"], { input: pdf, maxBuffer: 32 * 1024 * 1024 }).toString("utf8");
}

/** The names of the fonts a PDF uses, and whether each is embedded, as poppler's pdffonts lists them. */
export function pdfFonts(pdf: Buffer): string {
  return execFileSync("pdffonts", ["-"], { input: pdf }).toString("utf8");
}
