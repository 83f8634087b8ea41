import { useCallback } from "react";
import { useSearchParams } from "react-router";
import type { Lead } from "~/shared/schemas/crm";
import { useLeadDetail } from "./use-leads";

/**
 * A lead linked from My tasks or the daily digest (`/crm?lead=<id>`): its detail opens over the list.
 * Closing it takes the id out of the address, keeping the tab and filters.
 */
export function useLinkedLead(): { lead: Lead | null; close: () => void } {
  const [params, setParams] = useSearchParams();
  const id = params.get("lead");
  const detail = useLeadDetail(id);
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("lead");
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return { lead: id ? (detail.data ?? null) : null, close };
}
