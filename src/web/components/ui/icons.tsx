import type { SVGProps } from "react";

/**
 * The icons of the marketing pages' first load, drawn here on a 24-unit grid as simple strokes. An
 * icon library's runtime would cost every such page ~1.7 KB compressed before its first icon; code
 * that loads later (the wizard, the library, staff screens) uses lucide-react. Decorative by default
 * (aria-hidden): the control or text next to an icon carries its meaning.
 */
type Shape = [
  tag: "path" | "rect" | "circle",
  attributes: Record<string, string>,
];

function icon(shapes: Shape[]) {
  return function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        {...props}
      >
        {shapes.map(([Tag, attributes], index) => (
          <Tag key={index} {...attributes} />
        ))}
      </svg>
    );
  };
}

export const X = icon([["path", { d: "M6 6l12 12M18 6L6 18" }]]);
export const Menu = icon([["path", { d: "M4 6h16M4 12h16M4 18h16" }]]);
export const ArrowRight = icon([["path", { d: "M4 12h15M13 6l6 6-6 6" }]]);
export const Check = icon([["path", { d: "M5 12.5l4.5 4.5L19 7.5" }]]);
export const CircleCheck = icon([
  ["circle", { cx: "12", cy: "12", r: "9.5" }],
  ["path", { d: "M8 12.5l3 3 5-6" }],
]);
export const ExternalLink = icon([["path", { d: "M13 4h7v7M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" }]]);
export const Download = icon([["path", { d: "M12 4v11M7 10.5l5 5 5-5M4 20h16" }]]);
export const Briefcase = icon([
  ["rect", { x: "3", y: "7", width: "18", height: "13", rx: "2" }],
  ["path", { d: "M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18" }],
]);
export const ClipboardCheck = icon([
  ["rect", { x: "5", y: "4", width: "14", height: "17", rx: "2" }],
  ["rect", { x: "9", y: "2.5", width: "6", height: "3", rx: "1" }],
  ["path", { d: "M9 13l2 2 4-4" }],
]);
export const GraduationCap = icon([["path", { d: "M2 9.5L12 5l10 4.5-10 4.5zM6 11.5V16c0 1.5 2.7 3 6 3s6-1.5 6-3v-4.5M22 9.5V15" }]]);
export const Sparkles = icon([["path", { d: "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15v4M17 17h4M5 17v3M3.5 18.5h3" }]]);
export const Users = icon([
  ["circle", { cx: "9", cy: "8", r: "3.5" }],
  ["path", { d: "M2.5 20v-1.5A4.5 4.5 0 0 1 7 14h4a4.5 4.5 0 0 1 4.5 4.5V20M16 4.6a3.5 3.5 0 0 1 0 6.8M18.5 14.2A4.5 4.5 0 0 1 21.5 18.5V20" }],
]);
export const CalendarCheck = icon([
  ["rect", { x: "3", y: "4.5", width: "18", height: "16", rx: "2" }],
  ["path", { d: "M8 3v3M16 3v3M3 9.5h18M9 15l2 2 4-4" }],
]);
export const Compass = icon([
  ["circle", { cx: "12", cy: "12", r: "9.5" }],
  ["path", { d: "M15.5 8.5l-2 5-5 2 2-5z" }],
]);
export const Hammer = icon([["path", { d: "M13 4l7 7-2.5 2.5-7-7zM11.75 8.75L4.5 16a1.5 1.5 0 0 0 2.1 2.1l7.25-7.25" }]]);
export const Scale = icon([["path", { d: "M12 4v16M8 20h8M5 7h14M5 7l-3 6a3 3 0 0 0 6 0zM19 7l-3 6a3 3 0 0 0 6 0z" }]]);
