import { useEffect } from "react";
import { useNavigate } from "react-router";
import { AREA_ROLES } from "~/shared/roles";
import { CrmDashboard } from "~/web/features/crm/crm-dashboard";
import { StaffArea } from "~/web/features/staff-auth/staff-area";
import { StaffFrame } from "~/web/features/staff-auth/staff-frame";
import { useLogout } from "~/web/features/staff-auth/use-staff-session";

export const meta = () => [{ title: "CRM Dashboard" }, { name: "robots", content: "noindex" }];

function RedirectToLogin() {
  const navigate = useNavigate();
  useEffect(() => void navigate("/crm-login", { replace: true }), [navigate]);
  return <p className="p-10 text-center text-slate-600">Loading CRM...</p>;
}

export default function CrmPage() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <StaffArea roles={AREA_ROLES.crm} areaName="the CRM" loadingText="Loading CRM..." signIn={<RedirectToLogin />}>
      {(user) => (
        <StaffFrame
          title="CRM Dashboard"
          subtitle="Manage leads and track the sales pipeline"
          signedInLine={`Logged in as ${user.email.split("@")[0]}`}
          user={user}
          onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate("/crm-login") })}
        >
          <CrmDashboard />
        </StaffFrame>
      )}
    </StaffArea>
  );
}
