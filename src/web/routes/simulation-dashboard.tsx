import { useEffect } from "react";
import { Link, redirect, useNavigation } from "react-router";
import type { ReportList } from "~/shared/schemas/simulation-reports";
import { buttonClass } from "~/web/components/ui/button";
import { Button } from "~/web/components/ui/button";
import { ProgramPromotion } from "~/web/features/reports/program-promotion";
import { AttemptTrends } from "~/web/features/reports/attempt-trends";
import { ReportCard } from "~/web/features/reports/report-card";
import { SummaryCards } from "~/web/features/reports/summary-cards";
import { rememberCandidate } from "~/web/features/reports/known-candidate";
import { useCandidateLogout } from "~/web/features/reports/use-candidate-logout";
import { YourData } from "~/web/features/reports/your-data";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import { useSiteSettings } from "~/web/lib/site-settings";
import type { Route } from "./+types/simulation-dashboard";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { status, data } = await context.fetchApi(request, "/api/simulation/reports");
  if (status === 401) throw redirect("/simulation-login");
  if (status !== 200) return { list: null };
  return { list: data as ReportList };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Your Simulation Reports", description: "Your simulation reports.", path: "/simulation-dashboard", baseUrl: baseUrlFrom(matches), noindex: true });

export default function SimulationDashboardPage({ loaderData }: Route.ComponentProps) {
  const logout = useCandidateLogout();
  const navigation = useNavigation();
  const { trySimulationUrl } = useSiteSettings();
  const { list } = loaderData;
  const knownEmail = list?.email;
  const knownName = list?.reports[0]?.fullName ?? "";
  useEffect(() => {
    if (knownEmail) rememberCandidate({ email: knownEmail, name: knownName });
  }, [knownEmail, knownName]);

  if (navigation.state === "loading" && navigation.location.pathname === "/simulation-dashboard") {
    return <p className="px-4 py-24 text-center text-slate-700" role="status">Loading your reports...</p>;
  }
  if (!list) {
    return (
      <section className="mx-auto grid max-w-xl gap-4 px-4 py-24 text-center">
        <p className="text-lg text-red-700" role="alert">
          Error loading reports. Please try again.
        </p>
        <Link to="/simulation-login" className={buttonClass("secondary", "justify-self-center")}>
          Back to Login
        </Link>
      </section>
    );
  }

  const name = list.reports[0]?.fullName || list.email;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1">
            <h1 className="text-3xl font-bold text-brand-900">Your Simulation Reports</h1>
            <p className="text-slate-700">
              Welcome back, <span className="font-semibold break-all">{name}</span>
            </p>
          </div>
          <Button variant="secondary" onClick={logout}>
            Logout
          </Button>
        </header>

        <SummaryCards reports={list.reports} />
        <AttemptTrends reports={list.reports} />

        {list.reports.length === 0 ? (
          <section className="grid justify-items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <h2 className="text-xl font-semibold text-slate-900">You haven't yet participated in our Simulation!</h2>
            <p className="max-w-md text-sm text-slate-600">Take the free diagnostic: a short, realistic business challenge with instant, detailed feedback.</p>
            <a href={trySimulationUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
              Take Diagnostic Test
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </section>
        ) : (
          <>
            <section aria-labelledby="reports-heading" className="grid gap-4">
              <h2 id="reports-heading" className="sr-only">
                Reports
              </h2>
              <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {list.reports.map((report) => (
                  <ReportCard key={report.slug} report={report} href={`/simulation-report/${report.slug}`} />
                ))}
              </div>
            </section>
            <ProgramPromotion />
          </>
        )}
        <YourData />
      </div>
    </div>
  );
}
