import { data, Link, redirect, useNavigation } from "react-router";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";
import { buttonClass } from "~/web/components/ui/button";
import { ReportView } from "~/web/features/reports/report-view";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/simulation-report";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { status, data: body } = await context.fetchApi(request, `/api/simulation/report/${encodeURIComponent(params.slug)}`);
  if (status === 401) throw redirect("/simulation-login");
  if (status !== 200) return data({ report: null }, { status: status === 404 ? 404 : 500 });
  return { report: body as ReportDetail };
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
  return <ReportView report={loaderData.report} pdfHref={loaderData.report.pdfReportLink ?? `/api/simulation/report/${params.slug}/pdf`} />;
}
