import { redirect } from "react-router";
import { RETURN_PARAM, safeReturnPath } from "~/shared/return-path";
import { CandidateSignIn } from "~/web/features/reports/candidate-sign-in";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/simulation-login";

/**
 * `?returnTo=` is where the sign-in leads (a path on this site only; anything else is ignored and
 * the dashboard it is). Already signed in: straight there.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get(RETURN_PARAM));
  if (request.headers.get("cookie")?.includes("ff_candidate=")) {
    const { status } = await context.fetchApi(request, "/api/simulation/reports");
    if (status === 200) throw redirect(returnTo ?? "/simulation-dashboard");
  }
  return { returnTo };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Simulation Reports",
    description: "Sign in with the e-mail you used for a simulation to see your reports.",
    path: "/simulation-login",
    baseUrl: baseUrlFrom(matches),
    noindex: true,
  });

export default function SimulationLoginPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid place-items-center bg-gradient-to-b from-brand-50 to-white px-4 py-16">
      <div className="grid w-full max-w-md gap-6 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="grid gap-2 text-center">
          <h1 className="text-3xl font-bold text-brand-900">Simulation Reports</h1>
          <p className="text-sm text-slate-600">Enter the email address you used for your simulation to access your reports.</p>
        </div>
        <CandidateSignIn returnTo={loaderData.returnTo} />
      </div>
    </section>
  );
}
