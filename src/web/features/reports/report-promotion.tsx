import { buttonClass } from "~/web/components/ui/button";
import { ExternalLink } from "~/web/components/ui/icons";

/** The report page's closing promotion: /founders-find in a new tab (spec §2). */
export function ReportPromotion() {
  return (
    <section className="grid gap-3 rounded-2xl bg-brand-900 p-6 text-white sm:p-8" aria-labelledby="report-promotion-heading">
      <h2 id="report-promotion-heading" className="text-2xl font-bold">
        Ready to close the gaps?
      </h2>
      <p className="max-w-2xl text-brand-100">Founder's Find trains exactly these six dimensions over six weeks of live simulations, feedback and mentoring.</p>
      <a href="/founders-find" target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "w-fit")}>
        Explore Founder's Find <ExternalLink className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </section>
  );
}
