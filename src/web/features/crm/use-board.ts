import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { CRM_MAX_PAGE, type LeadPage } from "~/shared/schemas/crm";
import type { Board, BoardCounts, BulkJob, BulkRequest } from "~/shared/schemas/crm-bulk";
import { api } from "~/web/lib/api";
import { toSearchParams, type CrmFilters } from "./use-crm-filters";

/**
 * The board's columns under the filters (one request: counts, sale sums and first cards). A search
 * with many matches answers with some columns' counts pending (the sample's figure, "about"): they are
 * asked for next and shown once they are at least as new as the board.
 */
export function useBoard(filters: CrmFilters, enabled: boolean) {
  const board = useQuery({
    queryKey: ["crm", "board", filters],
    queryFn: () => api<Board>(`/api/crm/board?${toSearchParams(filters, { view: filters.view })}`),
    placeholderData: keepPreviousData,
    enabled,
  });
  const pending = !board.isPlaceholderData && !!board.data?.columns.some((column) => column.countPending);
  const counts = useQuery({
    queryKey: ["crm", "board", filters, "counts"],
    queryFn: () => api<BoardCounts>(`/api/crm/board/counts?${toSearchParams(filters, { view: filters.view })}`),
    enabled: enabled && pending,
  });
  const current = pending && counts.data && counts.dataUpdatedAt >= board.dataUpdatedAt ? counts.data : null;
  const data = useMemo(() => (board.data && current ? withCounts(board.data, current) : board.data), [board.data, current]);
  return { ...board, data };
}

function withCounts(board: Board, counts: BoardCounts): Board {
  const byStage = new Map(counts.columns.map((count) => [count.stage, count]));
  return { columns: board.columns.map((column) => (column.countPending ? { ...column, ...byStage.get(column.stage) } : column)) };
}

/** Cards a column's "Load more" adds at a time. */
export const COLUMN_PAGE = 20;

/**
 * The cards after a column's first ones, `wanted` of them (or as many as there are): the list's keyset
 * pages with the column's stage as its stage filter, from the cursor of the board's latest read. Read
 * again with the board (its key starts with the board's), so cards loaded by "Load more" stay on the
 * board when it refreshes after a move, and show as they are now.
 */
export function useColumnMore(filters: CrmFilters, stage: string, cursor: string | null, wanted: number) {
  return useQuery({
    queryKey: ["crm", "board", filters, stage, cursor, wanted],
    queryFn: async () => {
      const leads: LeadPage["leads"] = [];
      let next: string | null = cursor;
      while (next && leads.length < wanted) {
        const limit = String(Math.min(CRM_MAX_PAGE, wanted - leads.length));
        const page = await api<LeadPage>(`/api/crm/leads?${toSearchParams({ ...filters, stage: [stage] }, { view: filters.view, cursor: next, limit })}`);
        leads.push(...page.leads);
        next = page.nextCursor;
      }
      return { leads, cursor: next };
    },
    enabled: wanted > 0 && !!cursor,
    // Meanwhile the cards already loaded stay (a refresh or the next 20 replace them when they arrive).
    placeholderData: keepPreviousData,
  });
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
