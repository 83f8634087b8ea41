import { Slider } from "radix-ui";
import { useId } from "react";
import { SKILL_MAX, SKILL_MIN, SKILL_SCALE_LABELS } from "~/shared/application-options";

const scaleWord = (value: number) => (value === SKILL_MIN ? ` (${SKILL_SCALE_LABELS[SKILL_MIN]})` : value === SKILL_MAX ? ` (${SKILL_SCALE_LABELS[SKILL_MAX]})` : "");

/**
 * One 1–5 rating. Radix's slider gives the keyboard the spec asks for: arrows move one step,
 * Home and End jump to the ends, Page Up and Page Down move ten steps (so to the ends here).
 */
export function SkillSlider({ label, helper, value, onChange }: { label: string; helper: string; value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <div className="flex items-baseline justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-900">
          {label}
        </span>
        <span className="shrink-0 text-sm font-semibold text-brand-700" aria-hidden>
          {value}/{SKILL_MAX}
        </span>
      </div>
      <p id={`${id}-helper`} className="text-xs text-slate-600">
        {helper}
      </p>
      <Slider.Root
        className="relative flex h-6 w-full touch-none items-center select-none"
        min={SKILL_MIN}
        max={SKILL_MAX}
        step={1}
        value={[value]}
        onValueChange={([next]) => next !== undefined && onChange(next)}
      >
        <Slider.Track className="relative h-2 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-helper`}
          aria-valuetext={`${value} of ${SKILL_MAX}${scaleWord(value)}`}
          className="block size-5 rounded-full border-2 border-brand-600 bg-white shadow focus-visible:ring-4 focus-visible:ring-brand-600/40 focus-visible:outline-none"
        />
      </Slider.Root>
      <div className="flex justify-between text-xs text-slate-500" aria-hidden>
        <span>
          {SKILL_MIN} = {SKILL_SCALE_LABELS[SKILL_MIN]}
        </span>
        <span>
          {SKILL_MAX} = {SKILL_SCALE_LABELS[SKILL_MAX]}
        </span>
      </div>
    </div>
  );
}
