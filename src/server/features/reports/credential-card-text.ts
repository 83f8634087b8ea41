import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { FACES } from "./pdf/fonts";
import { woffToSfnt } from "./pdf/woff";

/**
 * Text of the share image as outlines: each run of characters is shaped by fontkit (pdfkit's font
 * engine, conjuncts and reordered vowel signs included) with the first Noto Sans face that has its
 * characters, and drawn as SVG paths, so the rasteriser needs no fonts and a name in Devanagari or
 * Tamil comes out as the candidate wrote it.
 */

/** The little of fontkit used here (it ships no types). */
interface Glyph {
  path: { translate(x: number, y: number): { toSVG(): string } };
}
interface Font {
  unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): { glyphs: Glyph[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[] };
}

const require = createRequire(import.meta.url);
const fontkit = require("fontkit") as { create(data: Buffer): Font };

export type Weight = 400 | 700;

const loaded = new Map<string, Font>();
/** The PDF's faces, in its order (Latin first, latin-ext has ₹, then the scripts of India), unpacked once per thread. */
function face(index: number, weight: Weight): Font {
  const file = FACES[index]!.file(weight);
  let font = loaded.get(file);
  if (!font) {
    font = fontkit.create(woffToSfnt(readFileSync(require.resolve(file))));
    loaded.set(file, font);
  }
  return font;
}

/** The text cut into runs of one face each; a space or digit stays with the run it is in. */
function runsOf(text: string, weight: Weight): { font: Font; text: string }[] {
  const runs: { index: number; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const current = runs.at(-1);
    if (current && (codePoint <= 0x20 || face(current.index, weight).hasGlyphForCodePoint(codePoint))) {
      current.text += char;
      continue;
    }
    const found = FACES.findIndex((_, index) => face(index, weight).hasGlyphForCodePoint(codePoint));
    // A character no face has (an emoji): drawn by the current face's blank rather than dropped.
    const index = found >= 0 ? found : (current?.index ?? 0);
    if (current && current.index === index) current.text += char;
    else runs.push({ index, text: char });
  }
  return runs.map((run) => ({ font: face(run.index, weight), text: run.text }));
}

export interface TextStyle {
  size: number;
  weight?: Weight;
  fill: string;
}

interface Shaped {
  width: number;
  /** Paths in pixels, the pen starting at (0, 0) on the baseline. */
  draw: (x: number, y: number) => string;
}

function shape(text: string, style: TextStyle): Shaped {
  const parts: { font: Font; scale: number; d: string; from: number }[] = [];
  let pen = 0;
  for (const run of runsOf(text, style.weight ?? 400)) {
    const scale = style.size / run.font.unitsPerEm;
    const { glyphs, positions } = run.font.layout(run.text);
    let d = "";
    let advance = 0;
    glyphs.forEach((glyph, i) => {
      const position = positions[i]!;
      d += glyph.path.translate(advance + position.xOffset, position.yOffset).toSVG();
      advance += position.xAdvance;
    });
    parts.push({ font: run.font, scale, d, from: pen });
    pen += advance * scale;
  }
  return {
    width: pen,
    draw: (x, y) =>
      parts
        .filter((part) => part.d)
        .map((part) => `<path fill="${style.fill}" transform="translate(${round(x + part.from)} ${round(y)}) scale(${part.scale} ${-part.scale})" d="${part.d}"/>`)
        .join(""),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

export interface TextBox {
  x: number;
  y: number;
  /** Widest the text may be; it shrinks to `minSize`, then is cut with an ellipsis. */
  maxWidth: number;
  minSize?: number;
  anchor?: "start" | "end";
}

/** SVG paths of one line of text, fitted into its box. */
export function textPaths(text: string, style: TextStyle, box: TextBox): string {
  const line = text.replace(/\s+/g, " ").trim();
  let shaped = shape(line, style);
  if (shaped.width > box.maxWidth && box.minSize && box.minSize < style.size) {
    const size = Math.max(box.minSize, (style.size * box.maxWidth) / shaped.width);
    style = { ...style, size };
    shaped = shape(line, style);
  }
  if (shaped.width > box.maxWidth) {
    // Cut between characters as a reader sees them (grapheme clusters), so a vowel sign stays on its letter.
    const chars = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(line)].map((part) => part.segment);
    let low = 0;
    let high = chars.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (shape(`${chars.slice(0, middle).join("").trimEnd()}…`, style).width <= box.maxWidth) low = middle;
      else high = middle - 1;
    }
    shaped = shape(`${chars.slice(0, low).join("").trimEnd()}…`, style);
  }
  const x = box.anchor === "end" ? box.x - shaped.width : box.x;
  return shaped.draw(x, box.y);
}
