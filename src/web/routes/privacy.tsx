import { LEGAL_EFFECTIVE_DATE, LegalPage } from "~/web/features/legal/legal-page";
import { PRIVACY_SECTIONS } from "~/web/features/legal/privacy-sections";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy Policy",
    description: "How Founder's Find collects, uses and protects your personal information: what we collect, why, who we share it with and your rights.",
    path: "/privacy",
    baseUrl: baseUrlFrom(matches),
  });

export default function Privacy() {
  return <LegalPage title="Privacy Policy" effective={LEGAL_EFFECTIVE_DATE} sections={PRIVACY_SECTIONS} />;
}
