import { ApplicationsTab } from "./applications-tab";
import { DownloadsTab } from "./downloads-tab";
import { EmailNotificationsTab } from "./email-notifications-tab";
import { MentorsTab } from "./mentors-tab";
import { SimulationReportsTab } from "./simulation-reports-tab";

/** The five tabs of the admin dashboard, in the spec's order. */
export const ADMIN_TABS = [
  { value: "applications", label: "Applications", Component: ApplicationsTab },
  { value: "reports", label: "Simulation Reports", Component: SimulationReportsTab },
  { value: "downloads", label: "Downloads", Component: DownloadsTab },
  { value: "emails", label: "Email Notifications", Component: EmailNotificationsTab },
  { value: "mentors", label: "Mentors", Component: MentorsTab },
] as const;
