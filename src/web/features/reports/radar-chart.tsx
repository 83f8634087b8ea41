import { useId } from "react";

export interface RadarSeries {
  label: string;
  /** One value per axis, in the axes' order; null where there is none. */
  values: (number | null)[];
  /** Drawn dashed, so two series differ by more than colour. */
  dashed?: boolean;
  color: string;
}

interface RadarChartProps {
  title: string;
  axes: string[];
  series: RadarSeries[];
  max?: number;
  /** The spec's chart is 500 px; it shrinks with its container. */
  size?: number;
  rings?: number;
  /** For a small chart (the sample on the marketing pages): the empty margin above and below is cut and the axis names drawn larger. */
  compact?: boolean;
}

const RADIUS = 150;
const CENTER = 250;

const point = (axis: number, count: number, fraction: number) => {
  const angle = -Math.PI / 2 + (2 * Math.PI * axis) / count;
  return [CENTER + Math.cos(angle) * RADIUS * fraction, CENTER + Math.sin(angle) * RADIUS * fraction] as const;
};

/** Long axis names wrap to two lines at a word boundary near the middle. */
function wrap(label: string): string[] {
  if (label.length <= 18) return [label];
  const middle = label.length / 2;
  let best = -1;
  for (let i = 0; i < label.length; i++) if (label[i] === " " && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  return best < 0 ? [label] : [label.slice(0, best), label.slice(best + 1)];
}

/**
 * A radar chart as plain SVG (no chart library: a few hundred bytes of markup, no script cost).
 * Five rings by default (visitor-side §9). For screen readers the figure is named, and the same
 * figures are in a table beside it; the legend names each series and marks the dashed one.
 * Presentational: props in, markup out.
 */
export function RadarChart({ title, axes, series, max = 10, size = 500, rings = 5, compact = false }: RadarChartProps) {
  const labelSize = compact ? 18 : 13;
  const id = useId();
  const count = Math.max(axes.length, 3);
  const polygon = (fractions: number[]) => fractions.map((f, i) => point(i, count, f).join(",")).join(" ");
  return (
    <figure className="grid gap-3" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="text-sm font-semibold text-slate-800">
        {title}
      </figcaption>
      <svg viewBox={compact ? "-40 50 580 400" : "0 0 500 500"} width={size} height={compact ? Math.round((size * 400) / 580) : size} className="h-auto w-full max-w-[500px] justify-self-center" aria-hidden>
        {Array.from({ length: rings }, (_, ring) => (
          <polygon key={ring} points={polygon(Array(count).fill((ring + 1) / rings))} fill="none" stroke="#cbd5e1" strokeWidth={1} />
        ))}
        {Array.from({ length: count }, (_, axis) => {
          const [x, y] = point(axis, count, 1);
          return <line key={axis} x1={CENTER} y1={CENTER} x2={x} y2={y} stroke="#cbd5e1" strokeWidth={1} />;
        })}
        {Array.from({ length: rings }, (_, ring) => {
          const [x, y] = point(0, count, (ring + 1) / rings);
          return (
            <text key={ring} x={x + 4} y={y + 4} fontSize={11} fill="#475569">
              {Math.round(((ring + 1) / rings) * max)}
            </text>
          );
        })}
        {series.map((item) => (
          <polygon
            key={item.label}
            points={polygon(axes.map((_, i) => Math.max(0, Math.min(1, (item.values[i] ?? 0) / max))))}
            fill={item.color}
            fillOpacity={item.dashed ? 0.05 : 0.2}
            stroke={item.color}
            strokeWidth={2.5}
            strokeDasharray={item.dashed ? "6 5" : undefined}
          />
        ))}
        {axes.map((axis, i) => {
          const [x, y] = point(i, count, 1.14);
          const anchor = Math.abs(x - CENTER) < 10 ? "middle" : x > CENTER ? "start" : "end";
          const lines = wrap(axis);
          return (
            <text key={axis} x={x} y={y - (lines.length - 1) * 7} fontSize={labelSize} fill="#1e293b" textAnchor={anchor} dominantBaseline="middle">
              {lines.map((line, n) => (
                <tspan key={n} x={x} dy={n === 0 ? 0 : 15}>
                  {line}
                </tspan>
              ))}
            </text>
          );
        })}
      </svg>
      {series.length > 1 && (
        <ul className="flex flex-wrap justify-center gap-4 text-sm text-slate-700" aria-hidden>
          {series.map((item) => (
            <li key={item.label} className="flex items-center gap-2">
              <svg width="28" height="8" aria-hidden>
                <line x1="0" y1="4" x2="28" y2="4" stroke={item.color} strokeWidth="3" strokeDasharray={item.dashed ? "6 5" : undefined} />
              </svg>
              {item.label}
              {item.dashed ? " (dashed)" : ""}
            </li>
          ))}
        </ul>
      )}
      {/* sr-only on a wrapper, not on the table: a table grows to fit its cells whatever its width
          says, and a 478 px table made the program page scroll sideways at 360 px. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Axis</th>
              {series.map((item) => (
                <th key={item.label} scope="col">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {axes.map((axis, i) => (
              <tr key={axis}>
                <th scope="row">{axis}</th>
                {series.map((item) => (
                  <td key={item.label}>{item.values[i] === null ? "–" : `${item.values[i]} / ${max}`}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
