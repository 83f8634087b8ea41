import { AREA_ROLES } from "~/shared/roles";
import { StaffArea } from "~/web/features/staff-auth/staff-area";
import { StaffFrame } from "~/web/features/staff-auth/staff-frame";
import { StaffLoginForm } from "~/web/features/staff-auth/staff-login-form";
import { useLogout } from "~/web/features/staff-auth/use-staff-session";
import { toast } from "~/web/lib/toast";
import { SimulationLibraryAdmin } from "~/web/features/simulation-admin/simulation-library-admin";

export const meta = () => [{ title: "Simulation Admin" }, { name: "robots", content: "noindex" }];

export default function SimulationAdminPage() {
  const logout = useLogout();
  return (
    <StaffArea
      roles={AREA_ROLES.simulationAdmin}
      areaName="Simulation Admin"
      signIn={
        <StaffLoginForm
          title="Simulation Admin"
          subtitle="Sign in to manage the simulation library"
          submitLabel="Login"
          busyLabel="Logging in..."
          delayMs={0}
          onSuccess={() => {}}
          onInvalid={() => toast({ title: "Invalid password", variant: "destructive" })}
          onFailure={() => toast({ title: "Login failed", variant: "destructive" })}
        />
      }
    >
      {(user) => (
        <StaffFrame title="Simulation Admin" user={user} onLogout={() => logout.mutate()}>
          <SimulationLibraryAdmin />
        </StaffFrame>
      )}
    </StaffArea>
  );
}
