import { CheckCircle2 } from "lucide-react";
import { Tabs } from "radix-ui";
import { PROGRAM_WEEKS } from "~/shared/program/weeks";

/** Tab values become element ids (aria-controls), which must not contain spaces. */
const valueOf = (label: string) => label.toLowerCase().replace(/\s+/g, "-");

/** Week 0 (Onboarding) to Week 6, one tab active at a time, Week 0 by default; arrow keys move between tabs. */
export function ProgramTabs() {
  return (
    <Tabs.Root defaultValue={valueOf(PROGRAM_WEEKS[0]!.label)} className="grid gap-6">
      <Tabs.List aria-label="Program weeks" className="flex gap-2 overflow-x-auto pb-2 sm:flex-wrap sm:justify-center">
        {PROGRAM_WEEKS.map((week) => (
          <Tabs.Trigger
            key={week.label}
            value={valueOf(week.label)}
            className="shrink-0 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 data-[state=active]:border-brand-600 data-[state=active]:bg-brand-600 data-[state=active]:text-white"
          >
            {week.label}
            {week.tabLabel !== week.label && <span className="ml-1 opacity-80">· {week.tabLabel}</span>}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {PROGRAM_WEEKS.map((week) => (
        // Mounted even when inactive (hidden), so every tab's aria-controls names a real panel and the
        // whole curriculum is in the first HTML.
        <Tabs.Content key={week.label} value={valueOf(week.label)} forceMount className="data-[state=inactive]:hidden rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h3 className="text-2xl font-bold text-brand-900">
            {week.label}: {week.title}
          </h3>
          <p className="mt-2 text-slate-700">{week.summary}</p>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            {week.activities.map((activity) => (
              <li key={activity} className="flex gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                {activity}
              </li>
            ))}
          </ul>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
