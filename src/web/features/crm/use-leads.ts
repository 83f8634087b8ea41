import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { formatDateTime } from "~/shared/format-date";
import type { CrmAnalytics, Lead, LeadConflict, LeadDetail, LeadOwner, LeadPage, LeadUpdateInput } from "~/shared/schemas/crm";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { displayName } from "./format";
import { toSearchParams, type CrmFilters } from "./use-crm-filters";

const KEY = ["crm"] as const;

/** The current tab's leads, page by page ("Load more"), each page a keyset cursor further. */
export function useLeadList(filters: CrmFilters) {
  return useInfiniteQuery({
    queryKey: [...KEY, "leads", filters],
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const params = toSearchParams(filters, { view: filters.view });
      if (pageParam) params.set("cursor", pageParam);
      return api<LeadPage>(`/api/crm/leads?${params}`).catch((error: unknown) => {
        throw new Error("Failed to fetch CRM leads", { cause: error });
      });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The other tab's count, for its label (one row fetched; the count is what matters). */
export function useTabCount(filters: CrmFilters) {
  return useQuery({
    queryKey: [...KEY, "count", filters],
    // A count: the order does not matter, newest first is the tallies' path.
    queryFn: () => api<LeadPage>(`/api/crm/leads?${toSearchParams({ ...filters, sort: "newest" }, { view: filters.view, limit: "1" })}`),
    select: (page) => (page.total === undefined ? undefined : { total: page.total, estimate: !!page.totalIsEstimate }),
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(filters: CrmFilters, enabled: boolean) {
  const params = toSearchParams({ ...filters, view: "active" });
  return useQuery({ queryKey: [...KEY, "analytics", filters], queryFn: () => api<CrmAnalytics>(`/api/crm/analytics?${params}`), enabled });
}

export function useLeadOwners() {
  return useQuery({ queryKey: [...KEY, "owners"], queryFn: () => api<{ owners: LeadOwner[] }>("/api/crm/owners"), select: (data) => data.owners });
}

export function useLeadDetail(id: string | null) {
  return useQuery({ queryKey: [...KEY, "lead", id], queryFn: () => api<LeadDetail>(`/api/crm/leads/${id}`), enabled: !!id });
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Every successful change refreshes the lists (spec §4). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** The stale-version 409 of a lead update (who changed it, when, and the lead as it is now); null for any other error. */
export function leadConflict(error: unknown): LeadConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details: Partial<LeadConflict> = error.details;
  return details.lastChange && details.current ? (details as LeadConflict) : null;
}

/** "Asha Rao changed this lead on 26 Nov 2026, 7:05 am": who came first, from the 409's activity record. */
export const changedBy = ({ lastChange }: LeadConflict, what = "this lead") =>
  `${lastChange.by ?? "Someone else"} changed ${what} on ${formatDateTime(lastChange.at)}`;

/** Puts the server's copy of a lead in the cached list rows and detail, so a row shows it at once (and its new version). */
export function showLead(queryClient: QueryClient, saved: Lead) {
  queryClient.setQueriesData<InfiniteData<LeadPage>>({ queryKey: [...KEY, "leads"] }, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, leads: page.leads.map((row) => (row.id === saved.id ? saved : row)) })) },
  );
  queryClient.setQueryData<LeadDetail>([...KEY, "lead", saved.id], (detail) => detail && { ...detail, ...saved });
}

/**
 * Every update sends the version its row or form was read with. On a stale version (409) the row is
 * replaced by the lead as the server has it now and a toast says who changed it; a form (`inForm`)
 * shows its own problems inside itself, since a toast would cover its buttons.
 */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: LeadUpdateInput; inForm?: boolean }) =>
      api<Lead>(`/api/crm/leads/${id}`, { method: "PUT", body: changes }),
    onSuccess: (saved) => {
      showLead(queryClient, saved);
      toast({ title: "Lead updated" });
    },
    onError: (error, { inForm }) => {
      const conflict = leadConflict(error);
      if (conflict) showLead(queryClient, conflict.current);
      if (inForm) return;
      const description = conflict ? `${changedBy(conflict, displayName(conflict.current))}, before your change; the row now shows theirs.` : errorText(error);
      toast({ title: "Update failed", description, variant: "destructive" });
    },
    onSettled: refresh,
  });
}

export function useDeleteLead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api(`/api/crm/leads/${id}`, { method: "DELETE" }),
    onSuccess: () => toast({ title: "Lead deleted" }),
    onError: (error) => toast({ title: "Delete failed", description: errorText(error), variant: "destructive" }),
    onSettled: refresh,
  });
}

export function useSyncLeads() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api<{ created: number; updated: number }>("/api/crm/sync", { method: "POST" }),
    onSuccess: () => toast({ title: "Sync completed", description: "CRM leads have been synced from existing data" }),
    onError: (error) => toast({ title: "Sync failed", description: errorText(error), variant: "destructive" }),
    onSettled: refresh,
  });
}
