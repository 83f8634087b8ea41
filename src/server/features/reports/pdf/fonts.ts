import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font, type GlyphRun } from "fontkit";
import type PDFDocument from "pdfkit";
import { woffToSfnt } from "./woff";

type Doc = InstanceType<typeof PDFDocument>;
export type Weight = "regular" | "bold";

/**
 * Noto Sans faces for every script an Indian candidate's name or answer may be in, tried in this
 * order for a character the current face lacks: Latin first (also ₹, in latin-ext), then the
 * scripts of India's languages. Files are fontsource's per-subset WOFF files, unpacked once
 * (./woff.ts): pdfkit embeds only the glyphs a document uses (a WOFF2 font's subset came out 150
 * times larger), and fontkit shapes conjuncts and reordered vowel signs with the font's GSUB/GPOS.
 */
export const FACES: { key: string; file: (weight: number) => string; complex: boolean }[] = [
  { key: "latin", file: (w) => `@fontsource/noto-sans/files/noto-sans-latin-${w}-normal.woff`, complex: false },
  { key: "latin-ext", file: (w) => `@fontsource/noto-sans/files/noto-sans-latin-ext-${w}-normal.woff`, complex: false },
  { key: "greek", file: (w) => `@fontsource/noto-sans/files/noto-sans-greek-${w}-normal.woff`, complex: false },
  { key: "cyrillic", file: (w) => `@fontsource/noto-sans/files/noto-sans-cyrillic-${w}-normal.woff`, complex: false },
  ...["devanagari", "bengali", "tamil", "telugu", "kannada", "malayalam", "gujarati", "gurmukhi"].map((script) => ({
    key: script,
    file: (w: number) => `@fontsource/noto-sans-${script}/files/noto-sans-${script}-${script}-${w}-normal.woff`,
    complex: true,
  })),
];
const WEIGHTS: Record<Weight, number> = { regular: 400, bold: 700 };

const require = createRequire(import.meta.url);
// Parsed once per process and shared by every document: a fresh font costs ~75 ms on its first
// shaped line (decoding and reading its layout tables); a warm one shapes a name in ~3 ms.
const loaded = new Map<string, Font>();
function face(index: number, weight: Weight): Font {
  const name = fontName(index, weight);
  let font = loaded.get(name);
  if (!font) {
    font = withSharedLayout(create(woffToSfnt(readFileSync(require.resolve(FACES[index]!.file(WEIGHTS[weight]))))));
    loaded.set(name, font);
  }
  return font;
}

type Features = string[] | Record<string, boolean> | undefined;
const MARK_POSITIONING = { abvm: false, blwm: false, mark: false, mkmk: false };

/** Words kept per face: about a report's vocabulary; each costs ~4 KB (fontkit glyph objects). */
const LAYOUTS_KEPT = 1_000;

/**
 * Lays out text through fontkit, with two additions:
 * - Shaped words are kept per face across documents (pdfkit keeps them per document only): the
 *   case text is the same for every candidate of a simulation, and shaping was most of a render.
 *   pdfkit scales a run's positions in place, so each caller gets its own copy of them.
 * - fontkit stops with a TypeError on a mark whose anchor the font leaves empty (allowed by
 *   OpenType; Noto Sans Gurmukhi does it for the tippi in "ਪੰਜਾਬੀ"). Such a run is laid out again
 *   without mark positioning: the mark then sits where the font drew it, instead of the PDF failing.
 */
function withSharedLayout(font: Font): Font {
  const layout = font.layout.bind(font);
  const shape = (text: string, features?: Features, ...rest: unknown[]): GlyphRun => {
    try {
      return layout(text, features, ...rest);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      const asked = Array.isArray(features) ? Object.fromEntries(features.map((feature) => [feature, true])) : { ...features };
      return layout(text, { ...asked, ...MARK_POSITIONING }, ...rest);
    }
  };
  const kept = new Map<string, GlyphRun>();
  font.layout = (text: string, features?: Features, ...rest: unknown[]) => {
    if (features !== undefined || rest.length > 0) return shape(text, features, ...rest);
    let run = kept.get(text);
    if (!run) {
      if (kept.size >= LAYOUTS_KEPT) kept.clear();
      run = shape(text);
      kept.set(text, run);
    }
    const copy = Object.create(Object.getPrototypeOf(run) as object) as GlyphRun;
    return Object.assign(copy, run, { positions: run.positions.map((position) => ({ ...position })) });
  };
  return font;
}

const fontName = (index: number, weight: Weight) => `${FACES[index]!.key}-${weight}`;

const registered = new WeakMap<Doc, Set<string>>();

/**
 * Makes a face the current font, naming it in the document on first use: pdfkit embeds (a subset
 * of) only the faces a document uses, and a face is read from disk only when some text needs it.
 */
export function useFont(doc: Doc, index: number, weight: Weight): Doc {
  const name = fontName(index, weight);
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  if (!names.has(name)) {
    // pdfkit takes a fontkit font as a source; its types list files and buffers only.
    doc.registerFont(name, face(index, weight) as unknown as Buffer);
    names.add(name);
  }
  return doc.font(name);
}

/**
 * Where a line's baseline sits below its top, in thousandths of the font size: the Latin face's
 * ascender, for every face, so a Devanagari name continues "Candidate: " on the same baseline
 * (pdfkit would otherwise drop each face by its own, taller, ascender).
 */
export function baselineOffset(): number {
  const latin = face(0, "regular");
  return (latin.ascent * 1000) / latin.unitsPerEm;
}

export interface Run {
  /** The face, an index into FACES. */
  face: number;
  text: string;
  /** Shaped with reordering (Indic scripts): its glyph order is not the reading order. */
  complex: boolean;
}

const covers = (index: number, weight: Weight, codePoint: number) => face(index, weight).hasGlyphForCodePoint(codePoint);

/**
 * The text cut into runs of one face each. A character stays in the current run while that face
 * has it (spaces, digits and joiners keep a word together), else goes to the first face that has it.
 */
export function fontRuns(text: string, weight: Weight): Run[] {
  // Most text is plain ASCII, which the Latin face has.
  if (/^[\x20-\x7e\n]*$/.test(text)) return text ? [{ face: 0, text, complex: false }] : [];
  const runs: Run[] = [];
  let current = -1;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (current < 0 || (codePoint > 0x20 && !covers(current, weight, codePoint))) {
      const found = FACES.findIndex((_, index) => covers(index, weight, codePoint));
      // Nothing has it (an emoji, say): keep the current face (a blank) rather than break the run.
      const next = found >= 0 ? found : Math.max(current, 0);
      if (next !== current || runs.length === 0) {
        runs.push({ face: next, text: "", complex: FACES[next]!.complex });
        current = next;
      }
    }
    runs[runs.length - 1]!.text += char;
  }
  return runs;
}
