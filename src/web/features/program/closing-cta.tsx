import { jumpToAnchor } from "~/web/lib/section-scroll";
import { ExternalLink } from "~/web/components/ui/icons";
import { buttonClass } from "~/web/components/ui/button";
import { BrochureButton } from "~/web/features/brochure/brochure-button";
import { track } from "~/web/lib/analytics";
import { useSiteSettings } from "~/web/lib/site-settings";

/** The closing call to action: Download Brochure, Try Job Simulation (new tab), Apply Now. */
export function ClosingCta() {
  const { trySimulationUrl } = useSiteSettings();
  return (
    <section aria-labelledby="closing-title" className="below-fold bg-brand-900 py-16 text-white">
      <div className="mx-auto grid max-w-4xl gap-6 px-4 text-center sm:px-6">
        <h2 id="closing-title" className="text-3xl font-bold">
          Ready to become job-ready?
        </h2>
        <p className="text-lg text-slate-200">Read the full program, try a simulation, or apply for the next cohort. We reply within 48 hours.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <BrochureButton source="closing_cta" size="lg" />
          <a
            href={trySimulationUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("secondary", "", "lg")}
            onClick={() => track("simulation_start", { source: "closing_cta" })}
          >
            Try Job Simulation <ExternalLink className="size-4" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <a href="#application" className="inline-flex items-center rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-amber-400" onClick={(event) => {
            track("apply_now", { source: "closing_cta" });
            jumpToAnchor(event);
          }}>
            Apply Now
          </a>
        </div>
      </div>
    </section>
  );
}
