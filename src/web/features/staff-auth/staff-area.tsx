import type { ReactNode } from "react";
import { Link } from "react-router";
import { needsRoleMessage } from "~/shared/refusal";
import { hasAnyRole, ROLE_LABELS, type StaffRole } from "~/shared/roles";
import type { StaffUser } from "~/shared/schemas/auth";
import { Button, buttonClass } from "~/web/components/ui/button";
import { areasOf } from "./staff-areas";
import { useLogout, useStaffSession } from "./use-staff-session";

interface StaffAreaProps {
  /** Roles that open this area (admin always does). */
  roles: readonly StaffRole[];
  areaName: string;
  loadingText?: string;
  /** Shown when nobody is signed in. */
  signIn: ReactNode;
  children: (user: StaffUser) => ReactNode;
}

/** Signed out: the area's sign-in form. Signed in without the role: says so plainly, with links to the areas one may open. Otherwise: the area. */
export function StaffArea({ roles, areaName, loadingText = "Loading...", signIn, children }: StaffAreaProps) {
  const session = useStaffSession();
  const logout = useLogout();
  if (session.isPending) return <p className="p-10 text-center text-slate-600">{loadingText}</p>;
  const user = session.data ?? null;
  if (!user) return <>{signIn}</>;
  if (!hasAnyRole(user.roles, roles)) {
    return (
      <main className="grid min-h-screen place-items-center bg-slate-50 px-4">
        <div className="grid max-w-md gap-4 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <h1 className="text-xl font-bold text-brand-900">No access to {areaName}</h1>
          <p className="text-slate-700">
            You are signed in as {user.name} ({user.email}) with the role{user.roles.length > 1 ? "s" : ""}{" "}
            {user.roles.map((role) => ROLE_LABELS[role]).join(", ")}. {needsRoleMessage(areaName, roles)} Ask an administrator if you need it.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            {/* The areas this account does open: a sales person who followed a link to /admin gets to the CRM in one click. */}
            {areasOf(user).map((area) => (
              <Link key={area.path} to={area.path} className={buttonClass("primary")}>
                Open {area.label}
              </Link>
            ))}
            <Button variant="secondary" onClick={() => logout.mutate()}>
              Logout
            </Button>
          </div>
        </div>
      </main>
    );
  }
  return <>{children(user)}</>;
}
