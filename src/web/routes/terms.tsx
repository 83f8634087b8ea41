import { LEGAL_EFFECTIVE_DATE, LegalPage } from "~/web/features/legal/legal-page";
import { TERMS_SECTIONS } from "~/web/features/legal/terms-sections";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Terms and Conditions",
    description: "The terms for using the Founder's Find website and program: eligibility, cancellation and refunds, job matching, liability and governing law.",
    path: "/terms",
    baseUrl: baseUrlFrom(matches),
  });

export default function Terms() {
  return <LegalPage title="Terms and Conditions" effective={LEGAL_EFFECTIVE_DATE} sections={TERMS_SECTIONS} />;
}
