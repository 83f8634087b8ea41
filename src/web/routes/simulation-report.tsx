import { data, Link, redirect, useNavigation } from "react-router";
import { signInPathFor } from "~/shared/return-path";
import type { StaffSession } from "~/shared/schemas/auth";
import type { CredentialShare as CredentialShareState } from "~/shared/schemas/report-credential";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";
import { buttonClass } from "~/web/components/ui/button";
import { CredentialShare } from "~/web/features/reports/credential-share";
import { ReportView } from "~/web/features/reports/report-view";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/simulation-report";

/**
 * Signed out, the sign-in brings the visitor back here. Staff (who may open any report) go back to
 * /admin, not to a candidate dashboard that would send them to the candidate sign-in.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const slug = encodeURIComponent(params.slug);
  const [report, staff, share] = await Promise.all([
    context.fetchApi(request, `/api/simulation/report/${slug}`),
    isStaffViewer(context, request),
    // The owner's sharing state; staff reading the report get none (only the candidate may share).
    context.fetchApi(request, `/api/simulation/reports/${slug}/share`),
  ]);
  const backHref = staff ? "/admin" : "/simulation-dashboard";
  if (report.status === 401) throw redirect(signInPathFor(new URL(request.url).pathname));
  if (report.status !== 200) return data({ report: null, backHref, share: null }, { status: report.status === 404 ? 404 : 500 });
  return { report: report.data as ReportDetail, backHref, share: share.status === 200 ? (share.data as CredentialShareState) : null };
}

/** A signed-in staff member who is not also signed in as a candidate in this browser. */
async function isStaffViewer(context: Route.LoaderArgs["context"], request: Request): Promise<boolean> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes("ff_session=") || cookie.includes("ff_candidate=")) return false;
  const { status, data: body } = await context.fetchApi(request, "/api/auth/session");
  return status === 200 && !!(body as StaffSession).user;
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({ title: "Simulation Report", description: "A simulation report.", path: `/simulation-report/${params.slug}`, baseUrl: baseUrlFrom(matches), noindex: true });

export default function SimulationReportPage({ loaderData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/simulation-report/")) {
    return <p className="px-4 py-24 text-center text-slate-700" role="status">Loading your simulation report...</p>;
  }
  if (!loaderData.report) {
    return (
      <section className="mx-auto grid max-w-xl gap-4 px-4 py-24 text-center">
        <h1 className="text-lg text-red-700">Report not found or access denied</h1>
        <Link to={loaderData.backHref} className={buttonClass("secondary", "justify-self-center")}>
          Back to Dashboard
        </Link>
      </section>
    );
  }
  const { report, share } = loaderData;
  return (
    <ReportView
      report={report}
      pdfHref={report.pdfReportLink ?? `/api/simulation/report/${params.slug}/pdf`}
      backHref={loaderData.backHref}
      credential={share && <CredentialShare key={params.slug} slug={params.slug} initial={share} report={report} />}
    />
  );
}
