import { Link } from "react-router";
import { buttonClass } from "~/web/components/ui/button";
import { BrochureButton } from "~/web/features/brochure/brochure-button";

/** The dashboard's promotion block: apply to Founder's Find, or take the brochure home (spec §2). */
export function ProgramPromotion() {
  return (
    <section className="grid gap-4 rounded-2xl bg-brand-900 p-6 text-white sm:p-8" aria-labelledby="promotion-heading">
      <h2 id="promotion-heading" className="text-2xl font-bold">
        Turn your results into a startup career
      </h2>
      <p className="max-w-2xl text-brand-100">
        Founder's Find is a 6-week, simulation-based program for early-career generalists. Work on the dimensions your report points to, with mentors and real
        startup problems.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/founders-find" className={buttonClass("secondary")}>
          Apply for Founder's Find
        </Link>
        <BrochureButton source="simulation_dashboard" label="Download Program Brochure" />
      </div>
    </section>
  );
}
