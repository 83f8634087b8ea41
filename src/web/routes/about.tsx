import { Compass, Hammer, Scale } from "~/web/components/ui/icons";
import { Link } from "react-router";
import { buttonClass } from "~/web/components/ui/button";
import { SectionHeading } from "~/web/components/ui/section-heading";
import { loadMentors } from "~/web/features/mentors/load-mentors";
import { MentorsSection } from "~/web/features/mentors/mentors-section";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About Us",
    description: "Why we built Founder's Find: hiring and skilling generalists on real work, through job simulations, with mentors from India's startups.",
    path: "/about",
    baseUrl: baseUrlFrom(matches),
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { mentors: await loadMentors(context) };
}

const REASONS = [
  { icon: Scale, title: "Résumés don't show judgement", text: "Startups need generalists who can own messy problems, but degrees and job titles say little about how someone thinks and executes." },
  { icon: Hammer, title: "Talent grows by doing", text: "Early-career professionals learn fastest from real situations with honest feedback, not from lectures and certificates." },
  { icon: Compass, title: "Both sides deserve a fair test", text: "A job simulation gives every candidate the same real case and gives employers evidence, so hiring rests on work rather than pedigree." },
];

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-4xl gap-5 px-4 py-20 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">About Founder's Find</h1>
          <p className="text-lg text-slate-700">
            We help startups find generalist talent through job simulations, and help aspirants with 0-4 years of experience become job-ready by
            doing the real work.
          </p>
        </div>
      </section>
      <section aria-labelledby="mission-title" className="py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <SectionHeading
            id="mission-title"
            eyebrow="Our mission"
            title="Make hiring about what people can do"
            lead="Every candidate should be judged on how they handle the job, and every aspirant should get the practice and feedback to get there. Simulations make both possible at scale."
          />
        </div>
      </section>
      <section aria-labelledby="why-title" className="bg-slate-50 py-16">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6">
          <SectionHeading id="why-title" title="Why we built this" />
          <ul className="grid gap-6 md:grid-cols-3">
            {REASONS.map((reason) => (
              <li key={reason.title} className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <reason.icon className="size-8 text-brand-600" aria-hidden />
                <h3 className="text-lg font-semibold">{reason.title}</h3>
                <p className="text-sm text-slate-700">{reason.text}</p>
              </li>
            ))}
          </ul>
          <div className="text-center">
            <Link to="/founders-find" className={buttonClass("primary", "", "lg")}>
              Explore Founder's Find
            </Link>
          </div>
        </div>
      </section>
      <MentorsSection mentors={loaderData.mentors} />
    </>
  );
}
