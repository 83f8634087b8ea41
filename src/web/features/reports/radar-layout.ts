/**
 * Where a radar chart's plot and axis names go, in CSS pixels, for a given width. The names are
 * drawn outside the plot at a fixed, readable size and wrapped into lines; the plot shrinks until
 * every name fits inside the width, and the height grows to hold the top and bottom names. (Scaling
 * a fixed 500-unit drawing down to a phone made the names 6 px and cut the long ones off.)
 * Pure: widths of text are estimated, generously, from the character count.
 */

export interface RadarLabel {
  lines: string[];
  /** The anchor point of the block: its left, centre or right edge, as `anchor` says. */
  x: number;
  /** The first line's baseline. */
  y: number;
  anchor: "start" | "middle" | "end";
}

export interface RadarLayout {
  width: number;
  /** The viewBox's top (negative: the drawing is centred on y = 0) and height. */
  top: number;
  height: number;
  cx: number;
  cy: number;
  radius: number;
  fontSize: number;
  lineHeight: number;
  labels: RadarLabel[];
}

/** Average advance of a character as a share of the font size: a little over a sans-serif's, so estimates err wide. */
const CHAR_WIDTH = 0.6;
const GAP = 10;
const PAD = 4;
const MIN_RADIUS = 40;
const LINE_LENGTHS = [28, 22, 18, 15, 13, 11, 9, 7];

/** Splits a name into lines of at most `max` characters at spaces (and after hyphens); a longer word keeps a line to itself. */
export function wrapLabel(label: string, max: number): string[] {
  const words = label.split(/(?<=-)|\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    const joined = last === undefined ? word : last.endsWith("-") ? last + word : `${last} ${word}`;
    if (last !== undefined && joined.length <= max) lines[lines.length - 1] = joined;
    else lines.push(word);
  }
  return lines.length ? lines : [label];
}

/** The angle of axis `index` of `count`, the first pointing up, clockwise. */
export const axisAngle = (index: number, count: number) => -Math.PI / 2 + (2 * Math.PI * index) / count;

/** The widths a chart is drawn at, from a phone's card to a wide desktop column. */
const WIDTH_RANGE = { from: 240, to: 760, step: 20 };
/** The font size for a width: a little smaller on narrow cards. */
export const radarFontSize = (width: number) => (width < 420 ? 12 : 13);

/**
 * The height-to-width ratio that holds these axes at every width in WIDTH_RANGE. Drawn at this one
 * ratio, the chart's box is the same shape on the server (which cannot know the card's width) and in
 * the browser after it measures, so fitting the card never moves the page below it.
 */
export function steadyRatio(axes: string[]): number {
  let ratio = 0;
  for (let width = WIDTH_RANGE.from; width <= WIDTH_RANGE.to; width += WIDTH_RANGE.step) {
    ratio = Math.max(ratio, layoutRadar(axes, width, radarFontSize(width)).height / width);
  }
  return ratio;
}

/**
 * The layout for a box of `width` × `width * ratio`, the drawing centred in it (it grows past the
 * ratio only for a width outside WIDTH_RANGE).
 */
export function layoutSteadyRadar(axes: string[], width: number, ratio: number): RadarLayout {
  const layout = layoutRadar(axes, width, radarFontSize(width));
  const height = Math.ceil(width * ratio);
  if (height <= layout.height) return layout;
  return { ...layout, top: layout.top - Math.floor((height - layout.height) / 2), height };
}

export function layoutRadar(axes: string[], width: number, fontSize = 12): RadarLayout {
  const count = Math.max(axes.length, 3);
  const half = width / 2;
  const charWidth = fontSize * CHAR_WIDTH;
  const lineHeight = Math.round(fontSize * 1.25);
  const maxRadius = Math.min(width * 0.36, 170);

  // The longest line length that leaves the largest plot (a clearly larger plot wins over fewer lines).
  let best = { radius: -Infinity, lines: axes.map((axis) => [axis]) };
  for (const max of LINE_LENGTHS) {
    const lines = axes.map((axis) => wrapLabel(axis, max));
    let radius = maxRadius;
    lines.forEach((label, i) => {
      const cos = Math.abs(Math.cos(axisAngle(i, count)));
      const textWidth = Math.max(...label.map((line) => line.length)) * charWidth;
      const reach = cos < 0.15 ? textWidth / 2 : textWidth;
      if (cos > 0.01) radius = Math.min(radius, (half - PAD - reach) / cos - GAP);
      else if (reach > half - PAD) radius = -Infinity;
    });
    if (radius > best.radius + 4) best = { radius, lines };
  }
  const radius = Math.max(MIN_RADIUS, Math.floor(best.radius));

  let top = -radius;
  let bottom = radius;
  const labels = best.lines.map((lines, i): RadarLabel => {
    const angle = axisAngle(i, count);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const px = half + (radius + GAP) * cos;
    const py = (radius + GAP) * sin;
    const blockHeight = lines.length * lineHeight;
    // Above the plot the block sits on the point, below it hangs from it, beside it is centred.
    const blockTop = py + (sin * blockHeight) / 2 - blockHeight / 2;
    top = Math.min(top, blockTop);
    bottom = Math.max(bottom, blockTop + blockHeight);
    return {
      lines,
      x: px,
      y: blockTop + (lineHeight - fontSize) / 2 + fontSize * 0.8,
      anchor: Math.abs(cos) < 0.15 ? "middle" : cos > 0 ? "start" : "end",
    };
  });
  top = Math.floor(top - PAD);
  return {
    width,
    top,
    height: Math.ceil(bottom + PAD) - top,
    cx: half,
    cy: 0,
    radius,
    fontSize,
    lineHeight,
    labels,
  };
}
