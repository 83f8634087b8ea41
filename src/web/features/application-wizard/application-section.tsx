import { lazy, Suspense } from "react";

const loadWizard = () => import("./application-wizard").then((module) => ({ default: module.ApplicationWizard }));

/**
 * The wizard is the largest piece of /founders-find's code and sits at the bottom of the page, so it
 * is its own chunk: the browser fetches it while the page hydrates instead of before the first paint
 * (scripts/bench/pages.ts). The server loads it at once, so the first HTML always holds the wizard.
 */
const ApplicationWizard = lazy(loadWizard);
if (import.meta.env.SSR) void loadWizard();

/** Holds the wizard's place, at about its height, on a client-side visit until its code arrives. */
function WizardPlaceholder() {
  return (
    <div role="status" className="grid min-h-[28rem] place-content-center rounded-2xl border border-slate-200 bg-white p-8 text-slate-600 shadow-sm">
      Loading the application form…
    </div>
  );
}

/**
 * The body of the #application section of /founders-find: a short introduction and the
 * 5-step application wizard.
 */
export function ApplicationSection() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      {/* #apply, like #application, opens the page at the form (spec: the route with either anchor). */}
      <div id="apply" className="grid gap-3 text-center">
        <h2 id="application-title" className="text-3xl font-bold text-brand-900">
          Apply for the Next Cohort
        </h2>
        <p className="text-slate-700">
          Five short steps, about ten minutes. We review every application and reply within 48 hours: application review, a
          screening call if you are selected, then final selection and cohort placement.
        </p>
      </div>
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-center text-amber-900">
          The application form needs JavaScript. Please turn it on in your browser to apply, or write to us through Contact Us.
        </p>
      </noscript>
      <Suspense fallback={<WizardPlaceholder />}>
        <ApplicationWizard />
      </Suspense>
    </div>
  );
}
