import { Link } from "react-router";
import { SELECTION_FLOW } from "~/shared/program/offer";
import { buttonClass } from "~/web/components/ui/button";
import { SectionHeading } from "~/web/components/ui/section-heading";
import { PricingCard } from "./pricing-card";

/** Pricing, the selection flow, and the free diagnostic call to action. */
export function PricingSection() {
  return (
    <>
      <section id="pricing" aria-labelledby="pricing-title" className="below-fold py-16">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6">
          <SectionHeading id="pricing-title" eyebrow="Pricing" title="One cohort, everything included" lead="A limited-time price for the next cohort." />
          <PricingCard />
          <ol className="grid gap-4 md:grid-cols-3" aria-label="Selection process">
            {SELECTION_FLOW.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-5">
                <p className="text-sm font-semibold text-brand-600">Step {index + 1}</p>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section aria-labelledby="diagnostic-title" className="below-fold bg-brand-50 py-14">
        <div className="mx-auto grid max-w-3xl gap-4 px-4 text-center sm:px-6">
          <h2 id="diagnostic-title" className="text-2xl font-bold text-brand-900 sm:text-3xl">
            Not sure yet? Take the free diagnostic
          </h2>
          <p className="text-slate-700">A real business case in a chat, no registration, instant results on six dimensions.</p>
          <div>
            <Link to="/simulations" className={buttonClass("primary", "", "lg")}>
              Start Free Diagnostic
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
