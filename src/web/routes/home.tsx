import { ArrowRight, Briefcase, ClipboardCheck, GraduationCap, Sparkles, Users } from "~/web/components/ui/icons";
import { Link } from "react-router";
import { SITE_DESCRIPTION, SITE_NAME } from "~/shared/constants";
import { MarketingFigures } from "~/web/features/program/marketing-figures";
import { SampleReport } from "~/web/features/reports/sample-report";
import { PROGRAM_TEASER } from "~/shared/program/teaser";
import { buttonClass } from "~/web/components/ui/button";
import { BookingButton } from "~/web/features/booking/booking-button";
import { track } from "~/web/lib/analytics";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import { useSectionScroll } from "~/web/lib/section-scroll";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: SITE_NAME, description: SITE_DESCRIPTION, path: "/", baseUrl: baseUrlFrom(matches) });

const EMPLOYER_STEPS = [
  { icon: Briefcase, title: "Tell us the role", text: "Book a call and describe the generalist you need: founder's office, strategy associate, general management." },
  { icon: ClipboardCheck, title: "Candidates do the work", text: "Shortlisted people play a job simulation of a real business case, scored on six dimensions." },
  { icon: Users, title: "Meet proven people", text: "You interview only candidates whose thinking and execution you have already seen." },
];

const ASPIRANT_POINTS = ["No registration", "Instant results", "A scored report on six dimensions"];

export default function Home() {
  const scrollTo = useSectionScroll();
  return (
    <>
      <section className="overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.15fr_1fr] lg:gap-14 lg:pt-20">
          <div className="grid gap-6 text-center lg:text-left">
            <p className="mx-auto w-fit rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100 lg:mx-0">
              Job simulations for startups and early-career talent
            </p>
            <h1 className="text-4xl font-extrabold text-brand-900 sm:text-5xl">Hiring and skilling generalists through job simulations</h1>
            <p className="mx-auto max-w-2xl text-lg text-slate-700 lg:mx-0">
              Startups see how candidates think and execute before they hire. Aspirants with 0-4 years of experience practise the real work and
              become job-ready.
            </p>
            <div className="flex flex-wrap justify-center gap-3 lg:justify-start">
              <button
                type="button"
                className={buttonClass("primary", "", "lg")}
                onClick={() => {
                  track("explore_program", { source: "hero", audience: "employers" });
                  scrollTo("for-employers");
                }}
              >
                I'm Hiring
              </button>
              <button
                type="button"
                className={buttonClass("secondary", "", "lg")}
                onClick={() => {
                  track("apply_now", { source: "hero", audience: "aspirants" });
                  scrollTo("for-aspirants");
                }}
              >
                I'm an Aspirant
              </button>
            </div>
          </div>
          <SampleReport headingLevel={2} className="mx-auto w-full max-w-md" />
          <MarketingFigures className="lg:col-span-2" cardClassName="bg-white shadow-sm ring-1 ring-slate-900/5" />
        </div>
      </section>

      <section id="for-employers" aria-labelledby="employers-title" className="py-16">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6">
          <div className="grid gap-3 text-center">
            <h2 id="employers-title" className="text-3xl font-bold text-brand-900">
              For Employers
            </h2>
            <p className="mx-auto max-w-2xl text-slate-700">
              Find generalist talent for roles such as Founder's Office, Strategy Associate and General Management, judged on real work instead of
              résumés.
            </p>
          </div>
          <ol className="grid gap-6 md:grid-cols-3">
            {EMPLOYER_STEPS.map((step, index) => (
              <li key={step.title} className="grid content-start gap-3 rounded-xl border border-slate-200 p-6">
                <step.icon className="size-8 text-brand-600" aria-hidden />
                <h3 className="text-lg font-semibold">
                  {index + 1}. {step.title}
                </h3>
                <p className="text-sm text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="text-center">
            <BookingButton />
          </div>
        </div>
      </section>

      <section id="for-aspirants" aria-labelledby="aspirants-title" className="bg-slate-50 py-16">
        <div className="mx-auto grid max-w-4xl gap-5 px-4 text-center sm:px-6">
          <h2 id="aspirants-title" className="text-3xl font-bold text-brand-900">
            For Aspirants
          </h2>
          <p className="text-slate-700">
            Try a free diagnostic simulation: see how you handle a real business case and where to grow, then build the skills in Founder's Find.
          </p>
          <ul className="flex flex-wrap justify-center gap-3">
            {ASPIRANT_POINTS.map((point) => (
              <li key={point} className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm text-slate-800 shadow-sm">
                <Sparkles className="size-4 text-accent-500" aria-hidden /> {point}
              </li>
            ))}
          </ul>
          <div>
            <Link to="/simulations" className={buttonClass("primary", "", "lg")}>
              Explore simulations <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="program-title" className="py-16">
        <div className="mx-auto grid max-w-5xl gap-6 px-4 sm:px-6">
          <GraduationCap className="mx-auto size-10 text-brand-600" aria-hidden />
          <h2 id="program-title" className="text-center text-3xl font-bold text-brand-900">
            Founder's Find: 6 weeks to job readiness
          </h2>
          <p className="mx-auto max-w-2xl text-center text-slate-700">
            Six missions for early-career professionals heading to founder's office, category, strategy, VC platform and growth roles.
          </p>
          <ol className="flex flex-wrap justify-center gap-2" aria-label="Program structure">
            {PROGRAM_TEASER.map((step) => (
              <li key={step} className="rounded-full bg-brand-50 px-4 py-2 text-sm font-medium text-brand-700">
                {step}
              </li>
            ))}
          </ol>
          <div className="text-center">
            <Link to="/founders-find" className={buttonClass("secondary")}>
              Learn about the program
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
