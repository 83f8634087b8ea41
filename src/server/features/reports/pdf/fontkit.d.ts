/** The little of fontkit (pdfkit's font engine, installed with it) that the report PDF uses. */
declare module "fontkit" {
  export interface Font {
    readonly ascent: number;
    readonly unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[] | Record<string, boolean>, ...rest: unknown[]): GlyphRun;
  }
  export interface GlyphRun {
    positions: Record<string, number>[];
  }
  export function create(data: Uint8Array): Font;
}
