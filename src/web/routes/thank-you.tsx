import { CircleCheck } from "~/web/components/ui/icons";
import { Link } from "react-router";
import { buttonClass } from "~/web/components/ui/button";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/thank-you";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Application Submitted",
    description: "Your Founder's Find application has been received. We reply within 48 hours.",
    path: "/thank-you",
    baseUrl: baseUrlFrom(matches),
    noindex: true,
  });

/** Where a successful application lands. */
export default function ThankYou() {
  return (
    <section className="mx-auto grid max-w-xl gap-5 px-4 py-24 text-center sm:px-6">
      <CircleCheck className="mx-auto size-16 text-green-700" aria-hidden />
      <h1 className="text-3xl font-bold text-brand-900">Application Submitted!</h1>
      <p className="text-slate-700">
        Thank you for applying to Founder's Find. We'll review your application and reply within 48 hours; if selected, we'll invite you to a short
        screening call.
      </p>
      <div>
        <Link to="/" className={buttonClass("primary")}>
          Back to Homepage
        </Link>
      </div>
    </section>
  );
}
