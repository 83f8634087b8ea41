import { Link, useLocation } from "react-router";
import { AREA_ROLES, hasAnyRole, type StaffRole } from "~/shared/roles";
import type { StaffUser } from "~/shared/schemas/auth";

/** The three staff areas of the spec, by their screens' titles; the admin dashboard's own pages (Inbox, Staff…) live under /admin. */
export const STAFF_AREAS: readonly { path: string; label: string; roles: readonly StaffRole[] }[] = [
  { path: "/admin", label: "Admin Dashboard", roles: AREA_ROLES.adminDashboard },
  { path: "/simulation-admin", label: "Simulation Admin", roles: AREA_ROLES.simulationAdmin },
  { path: "/crm", label: "CRM", roles: AREA_ROLES.crm },
];

export const areasOf = (user: StaffUser) => STAFF_AREAS.filter((area) => hasAnyRole(user.roles, area.roles));

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * Links between the staff areas a person may open, so an admin (or a content editor, who has two)
 * moves between them without typing addresses. Not shown to someone with one area: nothing to switch to.
 */
export function StaffAreaSwitch({ user }: { user: StaffUser }) {
  const { pathname } = useLocation();
  const areas = areasOf(user);
  if (areas.length < 2) return null;
  return (
    <nav aria-label="Staff areas" className="border-b border-slate-200 bg-slate-50">
      <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 py-1.5 sm:px-6">
        {areas.map((area) => {
          const here = within(pathname, area.path);
          return (
            <li key={area.path}>
              <Link
                to={area.path}
                aria-current={here ? (pathname === area.path ? "page" : "true") : undefined}
                className={`inline-block rounded-md px-2.5 py-1 text-[13px] sm:text-sm ${here ? "bg-white font-semibold text-brand-700 shadow-sm ring-1 ring-slate-200" : "text-slate-600 hover:bg-white hover:text-slate-900"}`}
              >
                {area.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
