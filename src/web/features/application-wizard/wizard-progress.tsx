import { LAST_STEP, STEPS } from "./wizard-steps";

/** Progress bar with the five step labels; the labels hide on small screens, the bar stays. */
export function WizardProgress({ step }: { step: number }) {
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>
          Step {step} of {LAST_STEP}
        </span>
        <span>{Math.round((step / LAST_STEP) * 100)}% complete</span>
      </div>
      <div
        role="progressbar"
        aria-label="Application progress"
        aria-valuemin={1}
        aria-valuemax={LAST_STEP}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${LAST_STEP}: ${STEPS[step - 1]!.title}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${(step / LAST_STEP) * 100}%` }} />
      </div>
      <ol className="hidden justify-between text-xs font-medium sm:flex" aria-label="Steps">
        {STEPS.map((s) => (
          <li key={s.number} className={s.number <= step ? "text-brand-700" : "text-slate-500"} aria-current={s.number === step ? "step" : undefined}>
            {s.number} {s.label}
          </li>
        ))}
      </ol>
    </div>
  );
}
