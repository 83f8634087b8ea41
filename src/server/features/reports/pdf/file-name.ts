import { todayInKolkata } from "~/shared/format-date";

interface Named {
  fullName: string;
  simulationType: string;
  /** When the simulation was completed (ISO). */
  date: string;
}

const MAX_PART = 40;

/**
 * Lower-case words joined by "-": Latin letters only when `ascii` (accents dropped), else any
 * script's. Apostrophes join ("Founder's" → "founders", "D'Souza" → "dsouza").
 */
function slugPart(text: string, ascii: boolean): string {
  const joined = text.replace(/['\u2019]/g, "");
  const base = ascii ? joined.normalize("NFKD").replace(/\p{M}/gu, "") : joined.normalize("NFC");
  const kept = ascii ? /[a-z0-9]+/g : /[\p{L}\p{M}\p{N}]+/gu;
  // Cut by code point, never inside a surrogate pair.
  return Array.from((base.toLowerCase().match(kept) ?? []).join("-"))
    .slice(0, MAX_PART)
    .join("")
    .replace(/-+$/, "");
}

/**
 * The PDF's file name, one per candidate, simulation and day (in Kolkata):
 * "priya-nayar-market-entry-2026-11-25.pdf". `ascii` is the plain form every client takes; the
 * other keeps a name written in another script ("प्रिया-नायर-…") for clients that read filename*.
 */
export function reportPdfFileName(report: Named, ascii = true): string {
  const parts = [slugPart(report.fullName, ascii) || "candidate", slugPart(report.simulationType, ascii) || "simulation"];
  return `${parts.join("-")}-${todayInKolkata(new Date(report.date))}.pdf`;
}

/** RFC 6266 Content-Disposition: an ASCII filename, and the full name as UTF-8 in filename* (RFC 8187). */
export function reportPdfDisposition(report: Named): string {
  const unicode = encodeURIComponent(reportPdfFileName(report, false)).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${reportPdfFileName(report)}"; filename*=UTF-8''${unicode}`;
}
