import { AREA_ROLES, hasAnyRole, type StaffRole } from "~/shared/roles";
import { ApplicationsTab } from "./applications-tab";
import { DownloadsTab } from "./downloads-tab";
import { EmailNotificationsTab } from "./email-notifications-tab";
import { MentorsTab } from "./mentors-tab";
import { SimulationReportsTab } from "./simulation-reports-tab";

/** The five tabs of the admin dashboard, in the spec's order, each with the roles its API accepts. */
export const ADMIN_TABS = [
  { value: "applications", label: "Applications", roles: AREA_ROLES.applications, Component: ApplicationsTab },
  { value: "reports", label: "Simulation Reports", roles: AREA_ROLES.simulationReports, Component: SimulationReportsTab },
  { value: "downloads", label: "Downloads", roles: AREA_ROLES.brochureDownloads, Component: DownloadsTab },
  { value: "emails", label: "Email Notifications", roles: AREA_ROLES.emailNotifications, Component: EmailNotificationsTab },
  { value: "mentors", label: "Mentors", roles: AREA_ROLES.mentors, Component: MentorsTab },
] as const;

/** The tabs a person with these roles may use; the dashboard opens on the first. */
export const tabsFor = (userRoles: readonly StaffRole[]) => ADMIN_TABS.filter((tab) => hasAnyRole(userRoles, tab.roles));
