import { useEffect, type ReactNode } from "react";
import { redirect, useNavigate } from "react-router";
import { crmSignInPathFor } from "~/shared/return-path";
import { AREA_ROLES } from "~/shared/roles";
import type { StaffSession, StaffUser } from "~/shared/schemas/auth";
import type { PublicLoadContext } from "~/shared/load-context";
import { StaffArea } from "~/web/features/staff-auth/staff-area";
import { StaffFrame } from "~/web/features/staff-auth/staff-frame";
import { useLogout } from "~/web/features/staff-auth/use-staff-session";

/**
 * Signed out, the server sends the visitor to the CRM sign-in (with the way back) instead of a page
 * that says "Loading CRM..." and then moves. Signed in without the role, the page says so (StaffArea).
 */
export async function crmPageLoader({ context, request }: { context: PublicLoadContext; request: Request }) {
  const { status, data } = await context.fetchApi(request, "/api/auth/session");
  if (status === 200 && !(data as StaffSession | null)?.user) {
    const url = new URL(request.url);
    throw redirect(crmSignInPathFor(`${url.pathname}${url.search}`));
  }
  return null;
}

/** Signed out after the page loaded (the session ended): the same way to the sign-in, in the browser. */
function RedirectToLogin() {
  const navigate = useNavigate();
  useEffect(() => void navigate("/crm-login", { replace: true }), [navigate]);
  return <p className="p-10 text-center text-slate-600">Loading CRM...</p>;
}

/** A CRM screen: the sales area's access check, then the staff frame with the CRM's title. */
export function CrmPage({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode | ((user: StaffUser) => ReactNode) }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <StaffArea roles={AREA_ROLES.crm} areaName="the CRM" loadingText="Loading CRM..." signIn={<RedirectToLogin />}>
      {(user) => (
        <StaffFrame
          title={title}
          subtitle={subtitle}
          signedInLine={`Logged in as ${user.email.split("@")[0]}`}
          user={user}
          onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate("/crm-login") })}
        >
          {typeof children === "function" ? children(user) : children}
        </StaffFrame>
      )}
    </StaffArea>
  );
}
