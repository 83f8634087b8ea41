import { EXPECTATIONS_TEXT, READINESS_TEXT } from "~/shared/application-options";
import { ErrorLine, type FieldErrors } from "./form-fields";
import type { ApplicationDraft } from "./wizard-steps";

interface Props {
  draft: ApplicationDraft;
  update: <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => void;
  errors: FieldErrors;
}

function Confirmation({ checked, onChange, text, name, error }: { checked: boolean; onChange: (checked: boolean) => void; text: string; name: string; error?: string }) {
  return (
    <div className="grid gap-1">
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm text-slate-800 focus-within:ring-2 focus-within:ring-brand-600/40">
        <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-600" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {text}
      </label>
      <ErrorLine id={`${name}-error`} error={error} />
    </div>
  );
}

/** An example of the work the program is made of, and the two commitments it asks for. */
export function StepSimulation({ draft, update, errors }: Props) {
  return (
    <div className="grid gap-5">
      <div className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-slate-800">
        <h4 className="font-semibold text-slate-900">Sample business challenge</h4>
        <p>
          You have just joined the founder's office of a fast-growing D2C brand. This month, sales dropped 20% month over month,
          and the founder wants your diagnosis and a recovery plan within 48 hours.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Which data would you look at first, and why?</li>
          <li>Which hypotheses would you test, and how would you rank them?</li>
          <li>What would you present to the founder at the end of the 48 hours?</li>
        </ul>
        <p className="text-slate-700">
          Every week of Founder's Find works like this: a realistic brief, a deadline, and feedback on how you thought and executed.
        </p>
      </div>
      <Confirmation name="readinessConfirmed" text={READINESS_TEXT} checked={draft.readinessConfirmed} onChange={(v) => update("readinessConfirmed", v)} error={errors.readinessConfirmed} />
      <Confirmation name="expectationsConfirmed" text={EXPECTATIONS_TEXT} checked={draft.expectationsConfirmed} onChange={(v) => update("expectationsConfirmed", v)} error={errors.expectationsConfirmed} />
    </div>
  );
}
