// Inter (OFL-1.1, © The Inter Project Authors), self-hosted from @fontsource-variable/inter: one variable
// file (weights 100–900) of the Latin subset, which holds every character the site's text uses but "₹",
// which the next face in the stack draws. Hashed into /assets/ by Vite, so it is cached for a year.
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

export const FONT_URL = interLatin;

/** Fontsource's Latin range for Inter: characters outside it never download the file. */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/**
 * `swap`: text shows at once in the fallback, then in Inter when it arrives. The fallback is Arial (or
 * its metric twin Liberation Sans on Linux) scaled to Inter's proportions, so the swap moves nothing
 * (CLS 0): Inter's glyphs are ~7% wider on average, so the fallback is drawn at 107.12%, and the line
 * box keeps Inter's ascent (1984/2048 units) and descent (494/2048), divided by that scale.
 */
export const FONT_FACES =
  `@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${interLatin}) format("woff2");unicode-range:${LATIN}}` +
  `@font-face{font-family:"Inter Fallback";src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("Helvetica");size-adjust:107.12%;ascent-override:90.44%;descent-override:22.52%;line-gap-override:0%}`;
