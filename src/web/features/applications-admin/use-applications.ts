import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApplicationStatus } from "~/shared/application-status";
import type { ApplicationPage } from "~/shared/schemas/applications";
import { api } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";

export const PAGE_SIZE = 20;
const KEY = ["applications"] as const;

export function useApplicationList(query: { q: string; status: ApplicationStatus | ""; page: number }) {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(PAGE_SIZE) });
  if (query.q.trim()) params.set("q", query.q.trim());
  if (query.status) params.set("status", query.status);
  return useQuery({
    queryKey: [...KEY, query],
    queryFn: () => api<ApplicationPage>(`/api/applications?${params}`),
    placeholderData: keepPreviousData,
  });
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ApplicationStatus }) =>
      api(`/api/applications/${id}/status`, { method: "PATCH", body: { status } }),
    onSuccess: () => toast({ title: "Status updated!" }),
    onError: (error) => toast({ title: "Error updating status", description: errorText(error), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/applications/${id}`, { method: "DELETE" }),
    onSuccess: () => toast({ title: "Application deleted!", description: "The application has been permanently deleted." }),
    onError: (error) => toast({ title: "Error deleting application", description: errorText(error), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
