import { useEffect } from "react";
import { redirect, useLocation, useNavigate } from "react-router";
import { crmSignInPathFor } from "~/shared/return-path";
import { AREA_ROLES } from "~/shared/roles";
import type { StaffSession } from "~/shared/schemas/auth";
import { CrmDashboard } from "~/web/features/crm/crm-dashboard";
import { MyTasks } from "~/web/features/crm/my-tasks";
import { StaffArea } from "~/web/features/staff-auth/staff-area";
import { StaffFrame } from "~/web/features/staff-auth/staff-frame";
import { useLogout } from "~/web/features/staff-auth/use-staff-session";
import type { Route } from "./+types/crm";

/**
 * Signed out, the server sends the visitor to the CRM sign-in (with the way back) instead of a page
 * that says "Loading CRM..." and then moves. Signed in without the role, the page says so (StaffArea).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { status, data } = await context.fetchApi(request, "/api/auth/session");
  if (status === 200 && !(data as StaffSession | null)?.user) {
    const url = new URL(request.url);
    throw redirect(crmSignInPathFor(`${url.pathname}${url.search}`));
  }
  return null;
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

const isMyTasks = (pathname: string) => pathname.replace(/\/$/, "").endsWith("/crm/tasks");

export const meta = ({ location }: Route.MetaArgs) => [{ title: isMyTasks(location.pathname) ? "My tasks - CRM" : "CRM Dashboard" }, { name: "robots", content: "noindex" }];

/** Signed out after the page loaded (the session ended): the same way to the sign-in, in the browser. */
function RedirectToLogin() {
  const navigate = useNavigate();
  useEffect(() => void navigate("/crm-login", { replace: true }), [navigate]);
  return <p className="p-10 text-center text-slate-600">Loading CRM...</p>;
}

export default function CrmPage() {
  const logout = useLogout();
  const navigate = useNavigate();
  const myTasks = isMyTasks(useLocation().pathname);
  return (
    <StaffArea roles={AREA_ROLES.crm} areaName="the CRM" loadingText="Loading CRM..." signIn={<RedirectToLogin />}>
      {(user) => (
        <StaffFrame
          title={myTasks ? "My tasks" : "CRM Dashboard"}
          subtitle={myTasks ? "Your overdue, today's and upcoming tasks and follow-ups" : "Manage leads and track the sales pipeline"}
          signedInLine={`Logged in as ${user.email.split("@")[0]}`}
          user={user}
          onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate("/crm-login") })}
        >
          {myTasks ? <MyTasks /> : <CrmDashboard canEditRules={user.roles.includes("admin")} />}
        </StaffFrame>
      )}
    </StaffArea>
  );
}
