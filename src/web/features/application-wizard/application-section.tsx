import { buttonClass } from "~/web/components/ui/button";

/**
 * The body of the #application section of /founders-find. The public-site issue places it;
 * the applications issue replaces this entry point with the 5-step wizard.
 */
export function ApplicationSection() {
  return (
    <div className="grid gap-4 text-center">
      <h2 className="text-3xl font-bold text-brand-900">Apply to the next cohort</h2>
      <p className="text-slate-700">Applications open here soon. We reply within 48 hours.</p>
      <div>
        <a href="#application" className={buttonClass("primary")}>
          Apply
        </a>
      </div>
    </div>
  );
}
