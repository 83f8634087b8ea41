import { createHash } from "node:crypto";
import * as Calculator from "lucide-react/icons/calculator";
import * as ChartColumn from "lucide-react/icons/chart-column";
import * as Cloud from "lucide-react/icons/cloud";
import * as Compass from "lucide-react/icons/compass";
import * as Cpu from "lucide-react/icons/cpu";
import * as Flag from "lucide-react/icons/flag";
import * as Landmark from "lucide-react/icons/landmark";
import * as Lightbulb from "lucide-react/icons/lightbulb";
import * as Megaphone from "lucide-react/icons/megaphone";
import * as MessagesSquare from "lucide-react/icons/messages-square";
import * as Rocket from "lucide-react/icons/rocket";
import * as ShoppingCart from "lucide-react/icons/shopping-cart";
import * as Stethoscope from "lucide-react/icons/stethoscope";
import * as Tag from "lucide-react/icons/tag";
import * as TrendingUp from "lucide-react/icons/trending-up";
import * as Users from "lucide-react/icons/users";

/** An icon's drawing as lucide ships it beside each component: [tag, attributes] on a 24-unit grid. */
type IconNode = [string, Record<string, string>][];
// The icon modules export their drawing as `__iconData` next to the React component (not in their types).
const drawing = (module: object): IconNode => (module as { __iconData: { node: IconNode } }).__iconData.node;

/**
 * Card artwork for a simulation, drawn from what it is about rather than from its title (the card
 * prints the title right below): each tag picks an icon and a palette, the title's hash picks one of
 * four patterns. 1200×630 SVG, the share-preview size; sharp turns it into the stored WebP copies.
 */
interface Theme {
  icon: object;
  colors: [string, string];
}

// First match wins, in tag order; the words are lower-case fragments of tags.
const THEMES: [RegExp, Theme][] = [
  [/founder/, { icon: Rocket, colors: ["#3730a3", "#0ea5e9"] }],
  [/diagnos/, { icon: Stethoscope, colors: ["#1e40af", "#06b6d4"] }],
  [/strateg|gtm|go-to-market/, { icon: Compass, colors: ["#065f46", "#65a30d"] }],
  [/categor|commerce|retail|assortment/, { icon: ShoppingCart, colors: ["#b45309", "#e11d48"] }],
  [/econom|financ|pricing|cost/, { icon: Calculator, colors: ["#92400e", "#ca8a04"] }],
  [/saas|software|cloud/, { icon: Cloud, colors: ["#0f766e", "#2563eb"] }],
  [/vc|venture|platform|invest/, { icon: Landmark, colors: ["#6d28d9", "#db2777"] }],
  [/hiring|talent|people|team/, { icon: Users, colors: ["#7c2d12", "#ea580c"] }],
  [/stakeholder|communicat/, { icon: MessagesSquare, colors: ["#4c1d95", "#2563eb"] }],
  [/growth/, { icon: TrendingUp, colors: ["#0f766e", "#4f46e5"] }],
  [/marketing|brand/, { icon: Megaphone, colors: ["#be123c", "#7c3aed"] }],
  [/tech|automation|engineer/, { icon: Cpu, colors: ["#1e293b", "#0891b2"] }],
  [/metric|data|analytic/, { icon: ChartColumn, colors: ["#1e3a8a", "#0d9488"] }],
  [/leader/, { icon: Flag, colors: ["#9f1239", "#ea580c"] }],
];
const FALLBACK: Theme = { icon: Lightbulb, colors: ["#3730a3", "#7c3aed"] };

const themeOf = (tag: string) => THEMES.find(([pattern]) => pattern.test(tag.toLowerCase()))?.[1];

/** The theme of the first tag that has one, and the icons of up to three more distinct tags. */
export function artworkThemes(tags: readonly string[]): { main: Theme; others: object[] } {
  const themes = tags.map(themeOf).filter((theme): theme is Theme => !!theme);
  const main = themes[0] ?? FALLBACK;
  const others = [...new Set(themes.slice(1).map((theme) => theme.icon))].filter((icon) => icon !== main.icon).slice(0, 3);
  return { main, others: others.length ? others : [Tag] };
}

const attributes = (values: Record<string, string>) =>
  Object.entries(values)
    .filter(([name]) => name !== "key")
    .map(([name, value]) => ` ${name}="${value}"`)
    .join("");

/** A lucide icon in white strokes, `size` px square at (x, y). */
const icon = (module: object, x: number, y: number, size: number, strokeWidth: number) =>
  `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">` +
  drawing(module).map(([tag, values]) => `<${tag}${attributes(values)}/>`).join("") +
  `</svg>`;

/** Four backgrounds; the title's hash picks one, so two simulations on one theme still differ. */
const PATTERNS: ((seed: number) => string)[] = [
  // dots
  () => `<pattern id="p" width="36" height="36" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="3" fill="#fff" opacity=".18"/></pattern><rect width="1200" height="630" fill="url(#p)"/>`,
  // diagonal lines
  () => `<pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="6" height="28" fill="#fff" opacity=".1"/></pattern><rect width="1200" height="630" fill="url(#p)"/>`,
  // concentric rings from a corner
  (seed) =>
    Array.from({ length: 9 }, (_, i) => `<circle cx="${seed % 2 ? 1200 : 0}" cy="630" r="${120 + i * 90}" fill="none" stroke="#fff" stroke-width="10" opacity="${0.16 - i * 0.012}"/>`).join(""),
  // rising bars
  (seed) =>
    Array.from({ length: 14 }, (_, i) => {
      const h = 90 + ((seed >> i) % 7) * 40 + i * 18;
      return `<rect x="${40 + i * 82}" y="${630 - h}" width="54" height="${h}" rx="10" fill="#fff" opacity=".1"/>`;
    }).join(""),
];

export function simulationArtworkSvg(title: string, tags: readonly string[]): string {
  const seed = createHash("sha256").update(title).digest().readUInt32BE(0);
  const { main, others } = artworkThemes(tags);
  const [from, to] = main.colors;
  const chips = others.map((Icon, i) => `<rect x="${740 + i * 150}" y="430" width="124" height="124" rx="32" fill="#fff" opacity=".18"/>${icon(Icon, 770 + i * 150, 460, 64, 1.8)}`).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="1200" height="630" fill="url(#g)"/>${PATTERNS[seed % PATTERNS.length]!(seed)}` +
    `<circle cx="330" cy="315" r="190" fill="#fff" opacity=".14"/><circle cx="330" cy="315" r="140" fill="#fff" opacity=".14"/>` +
    `${icon(main.icon, 230, 215, 200, 1.6)}${chips}</svg>`
  );
}
