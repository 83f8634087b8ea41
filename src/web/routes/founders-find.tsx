import { useEffect } from "react";
import { useLocation } from "react-router";
import { AUDIENCE_ROLES, PROGRAM_FEATURES } from "~/shared/program/audience";
import { SectionHeading } from "~/web/components/ui/section-heading";
import { ApplicationSection } from "~/web/features/application-wizard/application-section";
import { loadMentors } from "~/web/features/mentors/load-mentors";
import { MentorsSection } from "~/web/features/mentors/mentors-section";
import { CardGrid } from "~/web/features/program/card-grid";
import { ClosingCta } from "~/web/features/program/closing-cta";
import { PricingSection } from "~/web/features/program/pricing-section";
import { ProgramHero } from "~/web/features/program/program-hero";
import { ProgramTabs } from "~/web/features/program/program-tabs";
import { SampleReport } from "~/web/features/reports/sample-report";
import { WeeklyRhythm } from "~/web/features/program/weekly-rhythm";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import { holdAtAnchor } from "~/web/lib/section-scroll";
import type { Route } from "./+types/founders-find";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Founder's Find Program",
    description:
      "A 6-week, simulation-based program that makes early-career professionals (0-4 years) job-ready for founder's office, strategy, category and growth roles. ₹14,999, 75% off for a limited time.",
    path: "/founders-find",
    baseUrl: baseUrlFrom(matches),
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { mentors: await loadMentors(context) };
}

/** Starts at the top, or at the anchor the link named (#apply, #application, #program …). */
function useInitialScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) return holdAtAnchor(target);
    window.scrollTo(0, 0);
    // Only on arrival: later in-page links scroll by themselves (smoothly).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export default function FoundersFind({ loaderData }: Route.ComponentProps) {
  useInitialScroll();
  return (
    <>
      <ProgramHero />
      <section id="about" aria-labelledby="about-program-title" className="py-16">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-14">
          <SectionHeading
            id="about-program-title"
            align="start"
            eyebrow="About the program"
            title="Learn the job by doing the job"
            lead="Startups hire generalists on judgement and execution, which no certificate shows. Founder's Find puts you in six real business situations, one mission a week, and scores how you think, decide and communicate. You finish with feedback, a portfolio and a cohort."
          />
          <SampleReport className="mx-auto w-full max-w-md" />
        </div>
      </section>
      <CardGrid id="audience" eyebrow="Who it is for" title="Built for six generalist careers" lead="For early-career professionals with 0-4 years of experience." cards={AUDIENCE_ROLES} tinted />
      <CardGrid id="features" eyebrow="What you get" title="Why Founder's Find works" lead="Everything is designed around doing the real work." cards={PROGRAM_FEATURES} />
      <section id="program" aria-labelledby="program-title" className="below-fold bg-slate-50 py-16">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6">
          <SectionHeading id="program-title" eyebrow="Curriculum" title="The program, week by week" lead="Week 0 onboarding, then six weeks and six missions, 10-15 hours a week." />
          <ProgramTabs />
          <WeeklyRhythm />
        </div>
      </section>
      <PricingSection />
      <MentorsSection mentors={loaderData.mentors} />
      <section id="application" aria-label="Application" className="below-fold py-16">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <ApplicationSection />
        </div>
      </section>
      <ClosingCta />
    </>
  );
}
