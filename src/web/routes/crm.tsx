import { CrmDashboard } from "~/web/features/crm/crm-dashboard";
import { CrmPage, crmPageLoader } from "~/web/features/crm/crm-page";
import type { Route } from "./+types/crm";

export const loader = (args: Route.LoaderArgs) => crmPageLoader(args);

export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta = () => [{ title: "CRM Dashboard" }, { name: "robots", content: "noindex" }];

export default function CrmRoute() {
  return (
    <CrmPage title="CRM Dashboard" subtitle="Manage leads and track the sales pipeline">
      <CrmDashboard />
    </CrmPage>
  );
}
