import { ExternalLink } from "~/web/components/ui/icons";
import { imageSrcSet } from "~/shared/images";
import type { Mentor } from "~/shared/schemas/mentors";
import { SectionHeading } from "~/web/components/ui/section-heading";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

function MentorCard({ mentor }: { mentor: Mentor }) {
  return (
    <li className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      {mentor.image ? (
        <img
          src={mentor.image}
          srcSet={imageSrcSet(mentor.image, "mentor-image")}
          sizes="96px"
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          data-testid="mentor-portrait"
          className="mx-auto size-24 rounded-full bg-brand-50 object-cover ring-4 ring-white shadow-sm"
        />
      ) : (
        <span aria-hidden className="mx-auto grid size-24 place-items-center rounded-full bg-brand-100 text-2xl font-bold text-brand-700">
          {initials(mentor.name)}
        </span>
      )}
      <h3 className="text-lg font-semibold text-slate-900">{mentor.name}</h3>
      <p className="text-sm font-medium text-brand-700">{mentor.role}</p>
      {mentor.bio && <p className="text-sm text-slate-700">{mentor.bio}</p>}
      {mentor.linkedin && (
        <a href={mentor.linkedin} target="_blank" rel="noopener noreferrer" className="mx-auto inline-flex items-center gap-1 text-sm text-brand-700 underline">
          <ExternalLink className="size-4" aria-hidden /> LinkedIn<span className="sr-only"> profile of {mentor.name}</span>
        </a>
      )}
    </li>
  );
}

/** "Learn From Industry Experts": the mentor list from the database, server-rendered. */
export function MentorsSection({ mentors, id = "mentors" }: { mentors: Mentor[]; id?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="below-fold bg-slate-50 py-16">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6">
        <SectionHeading
          id={`${id}-title`}
          eyebrow="Mentors"
          title="Learn From Industry Experts"
          lead="Operators and investors from India's startups run the masterclasses, office hours and final panels."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {mentors.map((mentor) => (
            <MentorCard key={mentor.id} mentor={mentor} />
          ))}
        </ul>
      </div>
    </section>
  );
}
