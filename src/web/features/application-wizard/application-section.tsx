import { ApplicationWizard } from "./application-wizard";

/**
 * The body of the #application section of /founders-find: a short introduction and the
 * 5-step application wizard.
 */
export function ApplicationSection() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-16 sm:px-6">
      <div className="grid gap-3 text-center">
        <h2 className="text-3xl font-bold text-brand-900">Apply for the Next Cohort</h2>
        <p className="text-slate-700">
          Five short steps, about ten minutes. We review every application and reply within 48 hours: application review, a
          screening call if you are selected, then final selection and cohort placement.
        </p>
      </div>
      <ApplicationWizard />
    </div>
  );
}
