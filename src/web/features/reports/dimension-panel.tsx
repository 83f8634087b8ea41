import { Tabs } from "radix-ui";
import { oneDecimal, skillTone } from "~/shared/report-bands";
import { RadarChart } from "./radar-chart";
import { SkillBars } from "./skill-bars";
import { BADGE_TONE, BAR_TONE } from "./tone";

interface DimensionPanelProps {
  name: string;
  average: number;
  skills: Record<string, number>;
  feedback: Record<string, string>;
}

const tabClass =
  "rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm";

/** A radar needs three axes; with fewer skills the bars say it all. */
const RADAR_MIN_AXES = 3;

/**
 * One dimension of the Performance Analysis tab: its average, then Chart View or Table View. A
 * dimension without skills (an imported report holds only the averages) is its average alone, with
 * a bar: no empty chart, no empty table.
 */
export function DimensionPanel({ name, average, skills, feedback }: DimensionPanelProps) {
  const skillCount = Object.keys(skills).length;
  return (
    <section className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={name}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${BADGE_TONE[skillTone(average)]}`}>Avg {oneDecimal(average)}/10</span>
      </header>
      {skillCount === 0 ? <AverageBar average={average} /> : <SkillViews name={name} skills={skills} feedback={feedback} />}
    </section>
  );
}

function AverageBar({ average }: { average: number }) {
  return (
    <div className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden>
      <div className={`h-full rounded-full ${BAR_TONE[skillTone(average)]}`} style={{ width: `${Math.max(0, Math.min(10, average)) * 10}%` }} />
    </div>
  );
}

function SkillViews({ name, skills, feedback }: Omit<DimensionPanelProps, "average">) {
  const radar = Object.keys(skills).length >= RADAR_MIN_AXES;
  return (
    <Tabs.Root defaultValue="chart" className="grid gap-4">
      <Tabs.List aria-label={`${name} views`} className="flex w-fit gap-1 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="chart" className={tabClass}>
          Chart View
        </Tabs.Trigger>
        <Tabs.Trigger value="table" className={tabClass}>
          Table View
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="chart" className={`grid items-start gap-6 ${radar ? "lg:grid-cols-2" : ""}`}>
        {radar && (
          <RadarChart title={`${name}: skill scores out of 10`} axes={Object.keys(skills)} series={[{ label: "Score", values: Object.values(skills), color: "#4f46e5" }]} />
        )}
        <SkillBars skills={skills} feedback={feedback} />
      </Tabs.Content>
      <Tabs.Content value="table" className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4">Skill</th>
              <th scope="col" className="py-2 pr-4">Score</th>
              <th scope="col" className="py-2">Feedback</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(skills).map(([skill, score]) => (
              <tr key={skill} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-4 font-medium text-slate-900">{skill}</th>
                <td className="py-2 pr-4 whitespace-nowrap">{oneDecimal(score)}/10</td>
                <td className="py-2 text-slate-700">{feedback[skill] || "No feedback available"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Tabs.Content>
    </Tabs.Root>
  );
}
