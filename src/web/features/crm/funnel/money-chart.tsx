import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import type { FunnelWeek } from "~/shared/schemas/crm-funnel";
import { formatRupees } from "../format";
import { ChartFrame } from "./chart-frame";
import { shortRupees, weekLabel } from "./format";
import { useWidth } from "./use-width";

const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 36, left: 56 };
/** Tailwind's blue-600 and green-700, as the legend's classes. */
const COLOURS = { revenue: "#2563eb", collected: "#15803d" } as const;

/** Revenue (sale amounts of new Paid Users) and money collected, per week, as pairs of bars. */
export function MoneyChart({ weeks }: { weeks: FunnelWeek[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const inner = { width: width - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const x = scaleBand({ domain: weeks.map((w) => w.week!), range: [0, inner.width], padding: 0.25 });
  const y = scaleLinear({ domain: [0, Math.max(1, ...weeks.flatMap((w) => [w.revenue, w.collected]))], range: [inner.height, 0], nice: true });
  const half = x.bandwidth() / 2;
  // A label every few weeks when they would touch (about 56 px each).
  const every = Math.max(1, Math.ceil((56 * weeks.length) / Math.max(1, inner.width)));
  const best = weeks.reduce((a, b) => (b.revenue > a.revenue ? b : a), weeks[0]!);
  const description =
    `${weeks.length} weeks from ${weekLabel(weeks[0]!.week!)}. Revenue in all: ${formatRupees(weeks.reduce((s, w) => s + w.revenue, 0))}, ` +
    `collected: ${formatRupees(weeks.reduce((s, w) => s + w.collected, 0))}. Highest revenue in the week of ${weekLabel(best.week!)}.`;
  return (
    <div ref={ref} className="min-w-0">
      <ChartFrame title="Revenue and collection per week" description={description} width={width} height={HEIGHT}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {weeks.map((w) => (
            <Group key={w.week} left={x(w.week!) ?? 0}>
              <Bar x={0} y={y(w.revenue)} width={half} height={inner.height - y(w.revenue)} fill={COLOURS.revenue} />
              <Bar x={half} y={y(w.collected)} width={half} height={inner.height - y(w.collected)} fill={COLOURS.collected} />
            </Group>
          ))}
          <AxisLeft scale={y} numTicks={4} tickFormat={(v) => shortRupees(Number(v))} tickLabelProps={{ fontSize: 11, fill: "#334155" }} stroke="#94a3b8" tickStroke="#94a3b8" />
          <AxisBottom
            top={inner.height}
            scale={x}
            tickValues={weeks.filter((_, i) => (weeks.length - 1 - i) % every === 0).map((w) => w.week!)}
            tickFormat={(v) => weekLabel(String(v), false)}
            tickLabelProps={{ fontSize: 11, fill: "#334155" }}
            stroke="#94a3b8"
            tickStroke="#94a3b8"
          />
        </Group>
      </ChartFrame>
      <p className="mt-2 flex flex-wrap gap-4 text-xs text-slate-700">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-blue-600" aria-hidden />
          Revenue
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-green-700" aria-hidden />
          Collected
        </span>
      </p>
    </div>
  );
}
