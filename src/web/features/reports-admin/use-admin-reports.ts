import { useInfiniteQuery } from "@tanstack/react-query";
import type { ScoreBand } from "~/shared/report-bands";
import type { AdminReportsPage } from "~/shared/schemas/simulation-reports-admin";
import { api } from "~/web/lib/api";

export const REPORTS_KEY = ["simulation-reports"] as const;

export function reportFilterParams(filter: { q: string; band: ScoreBand | "" }): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.band) params.set("band", filter.band);
  return params;
}

/** The staff list, a keyset page at a time ("Load more"); the summary comes with every page. */
export function useAdminReports(filter: { q: string; band: ScoreBand | "" }) {
  return useInfiniteQuery({
    queryKey: [...REPORTS_KEY, filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = reportFilterParams(filter);
      if (pageParam) params.set("cursor", pageParam);
      return api<AdminReportsPage>(`/api/simulation/admin/reports?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
