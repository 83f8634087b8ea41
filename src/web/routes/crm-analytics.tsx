import { CrmPage, crmPageLoader } from "~/web/features/crm/crm-page";
import { FunnelView } from "~/web/features/crm/funnel/funnel-view";
import type { Route } from "./+types/crm-analytics";

/** The funnel (issue 23 §4): its own route, so visx loads in this page's chunk only, never on public pages. */
export const loader = (args: Route.LoaderArgs) => crmPageLoader(args);

export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta = () => [{ title: "Funnel analytics - CRM" }, { name: "robots", content: "noindex" }];

export default function CrmAnalyticsRoute() {
  return (
    <CrmPage title="Funnel analytics" subtitle="From visitor to paid customer, week by week">
      <FunnelView />
    </CrmPage>
  );
}
