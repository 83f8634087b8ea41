import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { axisAngle, layoutSteadyRadar, steadyRatio } from "./radar-layout";

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
  /** The width drawn on the server, before the browser measures the card (it then fits the card's width). */
  size?: number;
  rings?: number;
}

/** Measures before the browser paints, so a chart that arrives by client-side navigation never moves the page. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The element's width in CSS pixels, measured in the browser and kept up to date; `initial` until then. */
function useWidth(initial: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useBrowserLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.floor(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A radar chart as plain SVG (no chart library: a few hundred bytes of markup, no script cost).
 * Five rings by default (visitor-side §9). It takes its card's width, drawn in CSS pixels, with the
 * axis names outside the plot at a readable size, wrapped and never cut off (radar-layout.ts), each
 * with its full name as a <title>. For screen readers the figure is named, and the same figures are
 * in a table beside it; the legend names each series and marks the dashed one.
 * Presentational: props in, markup out.
 */
export function RadarChart({ title, axes, series, max = 10, size = 500, rings = 5 }: RadarChartProps) {
  const id = useId();
  const [box, width] = useWidth(size);
  const axesKey = axes.join("\n");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the axes' names, not the array's identity
  const ratio = useMemo(() => steadyRatio(axes), [axesKey]);
  const layout = layoutSteadyRadar(axes, width, ratio);
  const { cx, cy, radius } = layout;
  const count = Math.max(axes.length, 3);
  const point = (axis: number, fraction: number) => {
    const angle = axisAngle(axis, count);
    return [cx + Math.cos(angle) * radius * fraction, cy + Math.sin(angle) * radius * fraction] as const;
  };
  const polygon = (fractions: number[]) => fractions.map((f, i) => point(i, f).join(",")).join(" ");
  return (
    <figure className="grid min-w-0 gap-3" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="text-sm font-semibold text-slate-800">
        {title}
      </figcaption>
      {/* At most 40rem wide: the plot stops growing at 170 px radius, and a full-width box on a laptop
          (1,062 px) kept its steady shape with ~270 px of blank above and below the drawing. */}
      <div ref={box} className="mx-auto w-full max-w-[40rem] min-w-0">
        <svg viewBox={`0 ${layout.top} ${layout.width} ${layout.height}`} width={layout.width} height={layout.height} className="block h-auto w-full" aria-hidden>
          {Array.from({ length: rings }, (_, ring) => (
            <polygon key={ring} points={polygon(Array(count).fill((ring + 1) / rings))} fill="none" stroke="#cbd5e1" strokeWidth={1} />
          ))}
          {Array.from({ length: count }, (_, axis) => {
            const [x, y] = point(axis, 1);
            return <line key={axis} x1={cx} y1={cy} x2={x} y2={y} stroke="#cbd5e1" strokeWidth={1} />;
          })}
          {Array.from({ length: rings }, (_, ring) => {
            // On a small plot the inner rings are too close for their values: only the outer one's.
            if (radius / rings < 14 && ring < rings - 1) return null;
            const [x, y] = point(0, (ring + 1) / rings);
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
          {layout.labels.map((label, i) => (
            <g key={axes[i]} data-axis={axes[i]}>
              <title>{axes[i]}</title>
              <text x={label.x} y={label.y} fontSize={layout.fontSize} fill="#1e293b" textAnchor={label.anchor}>
                {label.lines.map((line, n) => (
                  <tspan key={n} x={label.x} dy={n === 0 ? 0 : layout.lineHeight}>
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          ))}
        </svg>
      </div>
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
