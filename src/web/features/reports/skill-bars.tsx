import { oneDecimal, skillTone } from "~/shared/report-bands";
import { BAR_TONE } from "./tone";

/** Each skill's score out of 10 as a bar coloured by the spec's bands, with the number printed. */
export function SkillBars({ skills, feedback }: { skills: Record<string, number>; feedback: Record<string, string> }) {
  return (
    <ul className="grid gap-4">
      {Object.entries(skills).map(([skill, score]) => (
        <li key={skill} className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-slate-800">{skill}</span>
            <span className="font-semibold text-slate-900">{oneDecimal(score)}/10</span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden>
            <div className={`h-full rounded-full ${BAR_TONE[skillTone(score)]}`} style={{ width: `${Math.max(0, Math.min(10, score)) * 10}%` }} />
          </div>
          {feedback[skill] ? <p className="text-sm text-slate-600">{feedback[skill]}</p> : null}
        </li>
      ))}
    </ul>
  );
}
