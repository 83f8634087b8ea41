import { data, Link, redirect, useNavigation } from "react-router";
import type { CredentialShare as CredentialShareState } from "~/shared/schemas/report-credential";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";
import { buttonClass } from "~/web/components/ui/button";
import { CredentialShare } from "~/web/features/reports/credential-share";
import { ReportView } from "~/web/features/reports/report-view";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/simulation-report";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const slug = encodeURIComponent(params.slug);
  const [{ status, data: body }, share] = await Promise.all([
    context.fetchApi(request, `/api/simulation/report/${slug}`),
    // The owner's sharing state; staff reading the report get none (only the candidate may share).
    context.fetchApi(request, `/api/simulation/reports/${slug}/share`),
  ]);
  if (status === 401) throw redirect("/simulation-login");
  if (status !== 200) return data({ report: null, share: null }, { status: status === 404 ? 404 : 500 });
  return { report: body as ReportDetail, share: share.status === 200 ? (share.data as CredentialShareState) : null };
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
        <Link to="/simulation-dashboard" className={buttonClass("secondary", "justify-self-center")}>
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
      credential={share && <CredentialShare key={params.slug} slug={params.slug} initial={share} report={report} />}
    />
  );
}
