import type { Tone } from "~/shared/report-bands";

export const BRAND = "#3730a3";
export const INK = "#0f172a";
export const MUTED = "#475569";
export const TRACK = "#e2e8f0";
export const TONE: Record<Tone, string> = { green: "#16a34a", yellow: "#ca8a04", orange: "#ea580c", red: "#dc2626" };
export const MARGIN = 50;
/** Room kept below the text for the page footer ("Page 2 of 5"). */
export const FOOTER = 30;
