import { CheckCircle2 } from "lucide-react";
import { parseInstructions } from "~/shared/instructions";

/** Instructions as numbered steps with bullet sub-points; unnumbered text with a check mark. */
export function InstructionsView({ text }: { text: string }) {
  const items = parseInstructions(text);
  if (items.length === 0) return null;
  return (
    <ol className="grid gap-3" aria-label="Instructions">
      {items.map((item, index) =>
        item.kind === "note" ? (
          <li key={index} className="flex gap-2 text-sm text-slate-700">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label="Note" />
            <span>{item.text}</span>
          </li>
        ) : (
          <li key={index} className="flex gap-3 text-sm text-slate-800">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white" aria-hidden>
              {item.number}
            </span>
            <div className="grid gap-1">
              <span className="sr-only">Step {item.number}: </span>
              {item.text && <p>{item.text}</p>}
              {item.points.length > 0 && (
                <ul className="list-disc space-y-1 pl-5 text-slate-700">
                  {item.points.map((point, i) => (
                    <li key={i}>{point}</li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ),
      )}
    </ol>
  );
}
