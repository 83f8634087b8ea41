import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SavedView, SavedViewInput, SavedViewPatch } from "~/shared/schemas/crm-views";
import { api } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";

const KEY = ["crm", "views"] as const;

/** The signed-in person's views and the team's shared ones (GET /api/crm/views). */
export function useSavedViews() {
  return useQuery({ queryKey: KEY, queryFn: () => api<{ views: SavedView[] }>("/api/crm/views"), select: (data) => data.views });
}

/** The list's URL query as a view keeps it: paging and the open view left out, parameters sorted. */
export function viewQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const key of ["cursor", "limit", "savedView"]) kept.delete(key);
  kept.sort();
  return kept.toString();
}

/** A view's own address: opening it applies the view as saved then. */
export const viewHref = (view: Pick<SavedView, "id" | "query">) => `/crm?${view.query ? `${view.query}&` : ""}savedView=${view.id}`;

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedViewInput) => api<SavedView>("/api/crm/views", { method: "POST", body: input }),
    onSuccess: (view) => {
      toast({ title: "View saved", description: view.name });
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useChangeView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SavedViewPatch }) => api<SavedView>(`/api/crm/views/${id}`, { method: "PATCH", body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
    onError: (error) => toast({ title: "Update failed", description: error.message, variant: "destructive" }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/crm/views/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast({ title: "View deleted" });
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast({ title: "Delete failed", description: error.message, variant: "destructive" }),
  });
}
