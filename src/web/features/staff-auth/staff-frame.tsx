import type { ReactNode } from "react";
import { Link } from "react-router";
import { hasAnyRole, AREA_ROLES } from "~/shared/roles";
import type { StaffUser } from "~/shared/schemas/auth";
import { Button } from "~/web/components/ui/button";
import { StaffAreaSwitch } from "./staff-areas";

interface StaffFrameProps {
  title: string;
  subtitle?: string;
  user: StaffUser;
  onLogout: () => void;
  children: ReactNode;
  /** Extra line under the title, e.g. the CRM's "Logged in as". */
  signedInLine?: string;
}

/** The shell around every staff screen: the areas one may switch to, title, who is signed in, the admin links they may use, Logout. */
export function StaffFrame({ title, subtitle, user, onLogout, children, signedInLine }: StaffFrameProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <StaffAreaSwitch user={user} />
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div>
            <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
            {subtitle && <p className="text-sm text-slate-600">{subtitle}</p>}
            <p className="text-xs text-slate-500">{signedInLine ?? `Signed in as ${user.name} (${user.email})`}</p>
          </div>
          <nav aria-label="Staff" className="flex flex-wrap items-center gap-2">
            {hasAnyRole(user.roles, AREA_ROLES.inbox) && (
              <Link className="rounded-md px-3 py-2 text-sm hover:bg-slate-100" to="/admin/inbox">
                Inbox
              </Link>
            )}
            {hasAnyRole(user.roles, AREA_ROLES.newsletter) && (
              <Link className="rounded-md px-3 py-2 text-sm hover:bg-slate-100" to="/admin/newsletter">
                Newsletter
              </Link>
            )}
            {hasAnyRole(user.roles, AREA_ROLES.staffAccounts) && (
              <Link className="rounded-md px-3 py-2 text-sm hover:bg-slate-100" to="/admin/staff">
                Staff
              </Link>
            )}
            {hasAnyRole(user.roles, ["admin"]) && (
              <Link className="rounded-md px-3 py-2 text-sm hover:bg-slate-100" to="/admin/data-requests">
                Data requests
              </Link>
            )}
            <Button variant="secondary" onClick={onLogout}>
              Logout
            </Button>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
