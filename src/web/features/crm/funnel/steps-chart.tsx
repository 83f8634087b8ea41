import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { FUNNEL_STEPS, type FunnelWeek } from "~/shared/schemas/crm-funnel";
import { ChartFrame } from "./chart-frame";
import { count, percent } from "./format";
import { useWidth } from "./use-width";

const ROW = 52;
const rates = (total: FunnelWeek) => [null, total.startRate, total.reportRate, total.applicationRate, total.paidRate];

/** The period's funnel as horizontal bars, each step's count and its conversion from the step before. */
export function StepsChart({ total }: { total: FunnelWeek }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const values = FUNNEL_STEPS.map((step) => total[step.key]);
  const x = scaleLinear({ domain: [0, Math.max(1, ...values)], range: [0, width] });
  const stepRates = rates(total);
  const description = FUNNEL_STEPS.map((step, i) => `${step.label} ${count(values[i]!)}${stepRates[i] === null ? "" : ` (${percent(stepRates[i]!)} of the step before)`}`).join(", ");
  return (
    <div ref={ref} className="min-w-0">
      <ChartFrame title="Funnel for the period" description={description} width={width} height={ROW * FUNNEL_STEPS.length}>
        {FUNNEL_STEPS.map((step, i) => (
          <Group key={step.key} top={i * ROW}>
            <text x={0} y={14} fontSize={13} fill="#0f172a">
              {step.label}: {count(values[i]!)}
              {stepRates[i] !== null && i > 0 ? ` · ${percent(stepRates[i]!)}` : ""}
            </text>
            <Bar x={0} y={22} width={Math.max(2, x(values[i]!))} height={22} rx={4} fill={i === FUNNEL_STEPS.length - 1 ? "#15803d" : "#2563eb"} />
          </Group>
        ))}
      </ChartFrame>
    </div>
  );
}
