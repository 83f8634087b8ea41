import { useRef, useState, type KeyboardEvent } from "react";
import { PROGRAM_WEEKS } from "~/shared/program/weeks";
import { CircleCheck } from "~/web/components/ui/icons";

/** Tab values become element ids (aria-controls), which must not contain spaces. */
const valueOf = (label: string) => label.toLowerCase().replace(/\s+/g, "-");

/** Where each key moves focus (and selection) from tab `index` of `count`: the WAI-ARIA tabs pattern. */
function targetOf(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * Week 0 (Onboarding) to Week 6, one tab active at a time, Week 0 by default; arrow keys, Home and End
 * move between tabs and select the one they land on. Written here rather than taken from a component
 * library: this is the only tab strip of the public site, and it is on the page's first-paint path.
 */
export function ProgramTabs() {
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = targetOf(event.key, index, PROGRAM_WEEKS.length);
    if (target === null) return;
    event.preventDefault();
    setActive(target);
    tabs.current[target]?.focus();
  };

  return (
    <div className="grid gap-6">
      <div role="tablist" aria-label="Program weeks" aria-orientation="horizontal" className="flex gap-2 overflow-x-auto pb-2 sm:flex-wrap sm:justify-center">
        {PROGRAM_WEEKS.map((week, index) => (
          <button
            key={week.label}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${valueOf(week.label)}`}
            aria-controls={`panel-${valueOf(week.label)}`}
            aria-selected={index === active}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className="shrink-0 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-selected:border-brand-600 aria-selected:bg-brand-600 aria-selected:text-white"
          >
            {week.label}
            {week.tabLabel !== week.label && <span className="ml-1 opacity-80">· {week.tabLabel}</span>}
          </button>
        ))}
      </div>
      {PROGRAM_WEEKS.map((week, index) => (
        // Every panel is in the first HTML (the whole curriculum is content), hidden unless its tab is active.
        <div
          key={week.label}
          role="tabpanel"
          id={`panel-${valueOf(week.label)}`}
          aria-labelledby={`tab-${valueOf(week.label)}`}
          hidden={index !== active}
          tabIndex={0}
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h3 className="text-2xl font-bold text-brand-900">
            {week.label}: {week.title}
          </h3>
          <p className="mt-2 text-slate-700">{week.summary}</p>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            {week.activities.map((activity) => (
              <li key={activity} className="flex gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-700" />
                {activity}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
