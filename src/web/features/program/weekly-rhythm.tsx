import { WEEKLY_RHYTHM } from "~/shared/program/weeks";

/** The Weekly Activities strip under the program tabs. */
export function WeeklyRhythm() {
  return (
    <div className="grid gap-4">
      <h3 className="text-center text-xl font-semibold text-brand-900">Weekly Activities</h3>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {WEEKLY_RHYTHM.map((slot) => (
          <li key={slot.days} className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-center">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{slot.days}</p>
            <p className="mt-1 text-sm font-medium text-slate-900">{slot.activity}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
