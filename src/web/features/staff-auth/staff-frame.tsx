import type { ReactNode } from "react";
import { NavLink } from "react-router";
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

/** A header link; the page it leads to, when open, is marked (aria-current="page" from NavLink) and drawn as chosen. */
const pageLinkClass = ({ isActive }: { isActive: boolean }) => `rounded-md px-3 py-2 text-sm hover:bg-slate-100 ${isActive ? "bg-slate-100 font-semibold text-brand-900" : ""}`;

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
              <NavLink className={pageLinkClass} to="/admin/inbox">
                Inbox
              </NavLink>
            )}
            {hasAnyRole(user.roles, AREA_ROLES.newsletter) && (
              <NavLink className={pageLinkClass} to="/admin/newsletter">
                Newsletter
              </NavLink>
            )}
            {hasAnyRole(user.roles, AREA_ROLES.staffAccounts) && (
              <NavLink className={pageLinkClass} to="/admin/staff">
                Staff
              </NavLink>
            )}
            {hasAnyRole(user.roles, ["admin"]) && (
              <NavLink className={pageLinkClass} to="/admin/data-requests">
                Data requests
              </NavLink>
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
