import { TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/web/components/ui/button";

/** To the funnel analytics page (its charts load there only, in their own chunk). */
export function FunnelLink() {
  return (
    <Link to="/crm/analytics" className={buttonClass("secondary")}>
      <TrendingUp className="size-4" aria-hidden />
      Funnel
    </Link>
  );
}
