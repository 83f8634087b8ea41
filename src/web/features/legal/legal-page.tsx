export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

/** A policy page: title, effective date and numbered sections, readable on any screen. */
export function LegalPage({ title, effective, sections }: { title: string; effective: string; sections: readonly LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-slate-600">Effective date: {effective}</p>
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`legal-${index + 1}`} className="mt-8 grid gap-3">
          <h2 id={`legal-${index + 1}`} className="text-xl font-semibold text-slate-900">
            {index + 1}. {section.title}
          </h2>
          {section.paragraphs.map((text) => (
            <p key={text.slice(0, 40)} className="leading-relaxed text-slate-700">
              {text}
            </p>
          ))}
          {section.list && (
            <ul className="list-disc space-y-1 pl-6 text-slate-700">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}

export const LEGAL_EFFECTIVE_DATE = "7 June 2025";
export const LEGAL_CONTACT = "hello@foundersfind.in";
