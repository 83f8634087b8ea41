import { useLocation } from "react-router";
import { CrmDashboard } from "~/web/features/crm/crm-dashboard";
import { CrmPage, crmPageLoader } from "~/web/features/crm/crm-page";
import { MyTasks } from "~/web/features/crm/my-tasks";
import type { Route } from "./+types/crm";

export const loader = (args: Route.LoaderArgs) => crmPageLoader(args);

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** /crm/tasks is this route too (routes.ts): the same sign-in and frame around the owner's to-do list. */
const isMyTasks = (pathname: string) => pathname.replace(/\/$/, "").endsWith("/crm/tasks");

export const meta = ({ location }: Route.MetaArgs) => [{ title: isMyTasks(location.pathname) ? "My tasks - CRM" : "CRM Dashboard" }, { name: "robots", content: "noindex" }];

export default function CrmRoute() {
  if (isMyTasks(useLocation().pathname)) {
    return (
      <CrmPage title="My tasks" subtitle="Your overdue, today's and upcoming tasks and follow-ups">
        <MyTasks />
      </CrmPage>
    );
  }
  return (
    <CrmPage title="CRM Dashboard" subtitle="Manage leads and track the sales pipeline">
      {(user) => <CrmDashboard canEditRules={user.roles.includes("admin")} />}
    </CrmPage>
  );
}
