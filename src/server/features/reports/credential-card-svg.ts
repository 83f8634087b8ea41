import { CARD_HEIGHT, CARD_WIDTH } from "~/shared/credential";
import { textPaths } from "./credential-card-text";

/** What the share image shows, already worded (the worker only draws). */
export interface CardContent {
  fullName: string;
  simulationType: string;
  /** "25 Nov 2026" (Kolkata). */
  date: string;
  totalScore: number;
  band: string;
  /** "Top 18% · 41st of 226 candidates", or null. */
  standing: string | null;
  dimensions: { name: string; average: number }[];
  /** "example.com/verify/…": where anyone checks it. */
  verifyAt: string;
}

const BRAND = "#3730a3";
const BRAND_DARK = "#1e1b4b";
const BRAND_TINT = "#eef2ff";
const INK = "#0f172a";
const MUTED = "#475569";
const TRACK = "#e2e8f0";
const BAND_COLOUR: Record<string, string> = { Excellent: "#16a34a", Good: "#ca8a04", Average: "#ea580c" };
const MARGIN = 64;
/** Dimensions drawn: three rows of two. */
const DIMENSIONS_SHOWN = 6;

const skillColour = (average: number) => (average >= 8 ? "#16a34a" : average >= 6 ? "#ca8a04" : average >= 4 ? "#ea580c" : "#dc2626");

function scoreRing(content: CardContent): string {
  const cx = CARD_WIDTH - MARGIN - 100;
  const cy = 170;
  const r = 88;
  const length = 2 * Math.PI * r;
  const done = (Math.max(0, Math.min(100, content.totalScore)) / 100) * length;
  const colour = BAND_COLOUR[content.band] ?? "#dc2626";
  return [
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${TRACK}" stroke-width="18"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${colour}" stroke-width="18" stroke-linecap="round" stroke-dasharray="${done.toFixed(1)} ${length.toFixed(1)}" transform="rotate(-90 ${cx} ${cy})"/>`,
    textPaths(`${Math.round(content.totalScore)}%`, { size: 54, weight: 700, fill: INK }, { x: cx + 62, y: cy + 12, maxWidth: 124, minSize: 36, anchor: "end" }),
    textPaths(content.band, { size: 22, weight: 700, fill: colour }, { x: cx + 60, y: cy + 46, maxWidth: 120, minSize: 16, anchor: "end" }),
  ].join("");
}

function dimensionBars(dimensions: CardContent["dimensions"]): string {
  const columnWidth = (CARD_WIDTH - 2 * MARGIN - 48) / 2;
  return dimensions
    .slice(0, DIMENSIONS_SHOWN)
    .map((dimension, index) => {
      const x = MARGIN + (index % 2) * (columnWidth + 48);
      const y = 330 + Math.floor(index / 2) * 62;
      const share = Math.max(0, Math.min(10, dimension.average)) / 10;
      return [
        textPaths(dimension.name, { size: 22, fill: INK }, { x, y, maxWidth: columnWidth - 96, minSize: 18 }),
        textPaths(`${dimension.average.toFixed(1)}/10`, { size: 22, weight: 700, fill: INK }, { x: x + columnWidth, y, maxWidth: 70, anchor: "end" }),
        `<rect x="${x}" y="${y + 12}" width="${columnWidth}" height="10" rx="5" fill="${TRACK}"/>`,
        share > 0 ? `<rect x="${x}" y="${y + 12}" width="${(columnWidth * share).toFixed(1)}" height="10" rx="5" fill="${skillColour(dimension.average)}"/>` : "",
      ].join("");
    })
    .join("");
}

/** The 1200×630 card: who, which simulation, the score and band, the dimensions, and where to verify it. */
export function credentialCardSvg(content: CardContent): string {
  const headlineWidth = CARD_WIDTH - 2 * MARGIN - 240;
  const footer = [content.date, content.standing].filter(Boolean).join("  ·  ");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#ffffff"/>`,
    `<rect width="${CARD_WIDTH}" height="12" fill="${BRAND}"/>`,
    `<rect x="${MARGIN}" y="52" width="300" height="40" rx="20" fill="${BRAND_TINT}"/>`,
    `<path d="M${MARGIN + 20} 72 l8 8 l16 -16" fill="none" stroke="${BRAND}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`,
    textPaths("VERIFIED CREDENTIAL", { size: 18, weight: 700, fill: BRAND }, { x: MARGIN + 54, y: 79, maxWidth: 240 }),
    textPaths(content.fullName, { size: 60, weight: 700, fill: INK }, { x: MARGIN, y: 172, maxWidth: headlineWidth, minSize: 36 }),
    textPaths(content.simulationType, { size: 30, fill: MUTED }, { x: MARGIN, y: 226, maxWidth: headlineWidth, minSize: 22 }),
    textPaths("Job simulation", { size: 22, fill: MUTED }, { x: MARGIN, y: 262, maxWidth: headlineWidth }),
    scoreRing(content),
    dimensionBars(content.dimensions),
    `<rect y="${CARD_HEIGHT - 92}" width="${CARD_WIDTH}" height="92" fill="${BRAND_DARK}"/>`,
    textPaths("Founder's Find", { size: 28, weight: 700, fill: "#ffffff" }, { x: MARGIN, y: CARD_HEIGHT - 52, maxWidth: 260 }),
    textPaths(footer, { size: 20, fill: "#c7d2fe" }, { x: MARGIN, y: CARD_HEIGHT - 22, maxWidth: 520 }),
    textPaths(`Verify: ${content.verifyAt}`, { size: 20, fill: "#ffffff" }, { x: CARD_WIDTH - MARGIN, y: CARD_HEIGHT - 38, maxWidth: 560, minSize: 14, anchor: "end" }),
    `</svg>`,
  ].join("");
}
