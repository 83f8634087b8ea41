import { jumpToAnchor } from "~/web/lib/section-scroll";
import { PROGRAM_FACTS } from "~/shared/program/offer";
import { buttonClass } from "~/web/components/ui/button";
import { track } from "~/web/lib/analytics";
import { MarketingFigures } from "./marketing-figures";

/** The landing page's opening: who it is for, the figures, and the two hero actions. */
export function ProgramHero() {
  return (
    <section aria-labelledby="program-hero-title" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
        <p className="mx-auto rounded-full bg-white px-4 py-1 text-sm font-semibold text-brand-700 shadow-sm">
          {PROGRAM_FACTS.weeks}-week cohort · {PROGRAM_FACTS.missions} missions · {PROGRAM_FACTS.experience} experience
        </p>
        <h1 id="program-hero-title" className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
          Founder's Find: become the generalist startups hire
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-slate-700">
          A simulation-based program for early-career professionals heading to founder's office, category, strategy, VC platform and growth roles.
          Learn by doing the job, scored on six dimensions, with mentors from India's startups.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href="#application" className={buttonClass("primary", "", "lg")} onClick={(event) => {
            track("apply_now", { source: "hero" });
            jumpToAnchor(event);
          }}>
            Apply Now
          </a>
          <a href="#program" className={buttonClass("secondary", "", "lg")} onClick={() => track("explore_program", { source: "hero" })}>
            Explore Program
          </a>
        </div>
        <MarketingFigures className="mt-4" cardClassName="bg-white shadow-sm" />
      </div>
    </section>
  );
}
