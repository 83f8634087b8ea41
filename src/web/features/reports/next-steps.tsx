import { buttonClass } from "~/web/components/ui/button";
import { ExternalLink } from "~/web/components/ui/icons";
import { oneDecimal } from "~/shared/report-bands";
import type { NextStep } from "~/shared/schemas/report-insights";

/**
 * The report's close: for its two weakest dimensions, a library simulation that practises each and
 * the Founder's Find week that trains it (issue 20 §2; replaces the generic promotion).
 */
export function NextSteps({ steps }: { steps: NextStep[] }) {
  if (steps.length === 0) return null;
  return (
    <section className="grid gap-4 rounded-2xl bg-brand-900 p-6 text-white sm:p-8" aria-labelledby="next-steps-heading">
      <h2 id="next-steps-heading" className="text-2xl font-bold">
        Your next steps
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {steps.map((step) => (
          <li key={step.dimension} className="grid content-start gap-2 rounded-xl bg-white/10 p-4" data-testid="next-step">
            <h3 className="font-semibold break-words">
              {step.dimension} <span className="font-normal text-brand-100">· {oneDecimal(step.average)}/10</span>
            </h3>
            {step.simulation ? (
              <p className="text-brand-100">
                Practise it:{" "}
                <a href={`/simulations/${encodeURIComponent(step.simulation.slug)}`} className="font-semibold text-white underline underline-offset-2">
                  {step.simulation.title}
                </a>
              </p>
            ) : (
              <p className="text-brand-100">No other simulation in the library practises it yet.</p>
            )}
            {step.week && (
              <p className="text-brand-100">
                Trained in Founder's Find {step.week.label}, <span className="text-white">{step.week.title}</span>: {step.week.summary}
              </p>
            )}
          </li>
        ))}
      </ul>
      <a href="/founders-find" target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "w-fit")}>
        Explore Founder's Find <ExternalLink className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </section>
  );
}
