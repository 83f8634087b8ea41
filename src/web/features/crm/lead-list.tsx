import type { Lead } from "~/shared/schemas/crm";
import { useMediaQuery } from "~/web/lib/use-media-query";
import { LeadCards } from "./lead-cards";
import type { LeadActions } from "./lead-row-parts";
import { LeadTable } from "./lead-table";

export type { LeadActions } from "./lead-row-parts";

/**
 * The leads as the spec's table from 1280 px, as cards below. Only the one that is shown is in the
 * DOM: hiding the other with CSS kept a second copy of every row and control (issue 21 item 6).
 */
export function LeadList({ leads, paid, actions }: { leads: Lead[]; paid: boolean; actions: LeadActions }) {
  const wide = useMediaQuery("(min-width: 80rem)");
  return wide ? <LeadTable leads={leads} paid={paid} actions={actions} /> : <LeadCards leads={leads} paid={paid} actions={actions} />;
}
