import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LeadPage } from "~/shared/schemas/crm";
import type { Board, BulkJob, BulkRequest } from "~/shared/schemas/crm-bulk";
import { api } from "~/web/lib/api";
import { toSearchParams, type CrmFilters } from "./use-crm-filters";

/** The board's columns under the filters (one request: counts, sale sums and first cards). */
export function useBoard(filters: CrmFilters, enabled: boolean) {
  return useQuery({
    queryKey: ["crm", "board", filters],
    queryFn: () => api<Board>(`/api/crm/board?${toSearchParams(filters, { view: filters.view })}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A column's next cards: the list's next keyset page with the column's stage as its stage filter. */
export function fetchColumnPage(filters: CrmFilters, stage: string, cursor: string): Promise<LeadPage> {
  const params = toSearchParams({ ...filters, stage: [stage] }, { view: filters.view, cursor, limit: "20" });
  return api<LeadPage>(`/api/crm/leads?${params}`);
}

/** Written at most once a batch: a second is often enough to watch. */
const POLL_MS = 500;

export function useStartBulk() {
  return useMutation({ mutationFn: (request: BulkRequest) => api<BulkJob>("/api/crm/bulk", { method: "POST", body: request }) });
}

/** The signed-in staff member's running bulk change, asked once when the page opens (or is reloaded). */
export function useRunningBulkJob() {
  return useQuery({ queryKey: ["crm-bulk", "running"], queryFn: () => api<{ job: BulkJob | null }>("/api/crm/bulk/running"), staleTime: Infinity });
}

/** A bulk change, followed while it runs; the lists are refreshed once when it ends. */
export function useBulkJob(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["crm-bulk", id],
    queryFn: async () => {
      const job = await api<BulkJob>(`/api/crm/bulk/${id}`);
      if (job.status !== "running") void queryClient.invalidateQueries({ queryKey: ["crm"] });
      return job;
    },
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.status === "running" || !query.state.data ? POLL_MS : false),
  });
}
