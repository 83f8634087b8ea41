import { SectionHeading } from "~/web/components/ui/section-heading";

interface CardGridProps {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  cards: readonly { title: string; text: string }[];
  tinted?: boolean;
}

/** A marketing section of six cards: the audience roles and the program features. */
export function CardGrid({ id, eyebrow, title, lead, cards, tinted }: CardGridProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`py-16 ${tinted ? "bg-slate-50" : ""}`}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6">
        <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} lead={lead} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <li key={card.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{card.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
