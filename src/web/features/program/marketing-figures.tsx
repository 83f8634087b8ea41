import { MARKETING_FIGURES } from "~/shared/program/figures";

/**
 * The headline figures under a hero (home and /founders-find), as a definition list of value cards.
 * Five cards on a phone: two then three (a six-column grid), so no figure is left alone on a row.
 */
export function MarketingFigures({ className, cardClassName }: { className: string; cardClassName: string }) {
  return (
    <dl className={`mx-auto grid w-full max-w-4xl grid-cols-6 gap-3 sm:grid-cols-5 sm:gap-4 ${className}`}>
      {MARKETING_FIGURES.map((figure, index) => (
        <div key={figure.label} className={`grid rounded-lg px-2 py-3 sm:col-span-1 sm:p-3 ${index < 2 ? "col-span-3" : "col-span-2"} ${cardClassName}`}>
          <dt className="order-2 text-xs text-slate-600">{figure.label}</dt>
          <dd className="order-1 text-xl font-bold text-brand-700 sm:text-2xl">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
