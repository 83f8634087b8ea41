import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { CRM_LOGIN_DELAY_MS } from "~/shared/constants";
import { CRM_SIGN_IN_PATH, RETURN_PARAM, safeReturnPath } from "~/shared/return-path";
import { AREA_ROLES, hasAnyRole } from "~/shared/roles";
import { StaffLoginForm } from "~/web/features/staff-auth/staff-login-form";
import { useStaffSession } from "~/web/features/staff-auth/use-staff-session";
import { toast } from "~/web/lib/toast";

export const meta = () => [{ title: "CRM Access" }, { name: "robots", content: "noindex" }];

const localPart = (email: string) => email.split("@")[0] ?? email;

export default function CrmLoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Back where the server sent them from (/crm with its filters), never another site.
  const destination = safeReturnPath(search.get(RETURN_PARAM), CRM_SIGN_IN_PATH) ?? "/crm";
  const session = useStaffSession();
  const user = session.data;
  useEffect(() => {
    if (user && hasAnyRole(user.roles, AREA_ROLES.crm)) void navigate(destination, { replace: true });
  }, [user, navigate, destination]);

  return (
    <StaffLoginForm
      title="CRM Access"
      subtitle="Sign in to manage leads and the sales pipeline"
      submitLabel="Access CRM Dashboard"
      busyLabel="Authenticating..."
      delayMs={CRM_LOGIN_DELAY_MS}
      note="Access is limited to staff accounts with the Sales or Admin role."
      onSuccess={(signedIn) => {
        // Without the role, /crm tells them so; a welcome would promise a dashboard they cannot open.
        if (hasAnyRole(signedIn.roles, AREA_ROLES.crm)) {
          toast({ title: "Login successful", description: `Welcome to CRM Dashboard, ${localPart(signedIn.email)}` });
        }
        void navigate(destination);
      }}
      onInvalid={() =>
        toast({ title: "Login failed", description: "Invalid email or password. Please check your credentials.", variant: "destructive" })
      }
      onFailure={() => toast({ title: "Login error", description: "Something went wrong. Please try again.", variant: "destructive" })}
    />
  );
}
