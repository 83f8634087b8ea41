import { ADMIN_LOGIN_DELAY_MS } from "~/shared/constants";
import { toast } from "~/web/lib/toast";
import { StaffLoginForm } from "./staff-login-form";

/** The /admin sign-in, also used by the staff screens under /admin. */
export function AdminSignIn() {
  return (
    <StaffLoginForm
      title="Admin Login"
      subtitle="Sign in to review applications and reports"
      submitLabel="Login"
      busyLabel="Logging in..."
      delayMs={ADMIN_LOGIN_DELAY_MS}
      onSuccess={() => toast({ title: "Login successful", description: "Welcome to the admin dashboard" })}
      onInvalid={() => toast({ title: "Invalid email or password", variant: "destructive" })}
      onFailure={() => toast({ title: "Invalid email or password", variant: "destructive" })}
    />
  );
}
