import { MARKETING_FIGURES } from "~/shared/program/figures";

/** The headline figures under a hero (home and /founders-find), as a definition list of value cards. */
export function MarketingFigures({ className, cardClassName }: { className: string; cardClassName: string }) {
  return (
    <dl className={`mx-auto grid w-full max-w-4xl grid-cols-2 gap-4 sm:grid-cols-5 ${className}`}>
      {MARKETING_FIGURES.map((figure) => (
        <div key={figure.label} className={`grid rounded-lg p-3 ${cardClassName}`}>
          <dt className="order-2 text-xs text-slate-600">{figure.label}</dt>
          <dd className="order-1 text-2xl font-bold text-brand-700">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
