import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Lead } from "~/shared/schemas/crm";
import type { DigestSetting, LogCallInput, MyTaskBucket, MyTasksPage, Task, TaskCreateInput, TaskUpdate } from "~/shared/schemas/crm-work";
import { api } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { showLead } from "./use-leads";

/** The CRM's daily work on the client (issue 23): calls, tasks, My tasks and the digest setting. */
const KEY = ["crm"] as const;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Logs a call with the version the row was read with; the row and detail show the server's copy at once. */
export function useLogCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, call }: { id: string; call: LogCallInput }) => api<Lead>(`/api/crm/leads/${id}/calls`, { method: "POST", body: call }),
    onSuccess: (saved) => {
      showLead(queryClient, saved);
      toast({ title: "Call logged" });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useLeadTasks(leadId: string | null) {
  return useQuery({ queryKey: [...KEY, "tasks", leadId], queryFn: () => api<{ tasks: Task[] }>(`/api/crm/leads/${leadId}/tasks`), enabled: !!leadId, select: (data) => data.tasks });
}

/** Any change to a task refreshes the lead's tasks and My tasks (both under the CRM's key). */
function useTaskMutation<V>(request: (vars: V) => Promise<unknown>, done?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => done && toast({ title: done }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const useAddTask = (leadId: string) =>
  useTaskMutation((body: TaskCreateInput) => api<Task>(`/api/crm/leads/${leadId}/tasks`, { method: "POST", body }), "Task added");

export const useUpdateTask = () => useTaskMutation(({ id, changes }: { id: string; changes: TaskUpdate }) => api<Task>(`/api/crm/tasks/${id}`, { method: "PATCH", body: changes }));

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/crm/tasks/${id}`, { method: "DELETE" }),
    onSuccess: () => toast({ title: "Task removed" }),
    onError: (error) => toast({ title: "Remove failed", description: errorText(error), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** One bucket of My tasks, page by page; the first page carries the three counts. */
export function useMyTasks(bucket: MyTaskBucket) {
  return useInfiniteQuery({
    queryKey: [...KEY, "my-tasks", bucket],
    initialPageParam: "",
    queryFn: ({ pageParam }) => api<MyTasksPage>(`/api/crm/my-tasks?${new URLSearchParams({ bucket, ...(pageParam ? { cursor: pageParam } : {}) })}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useDigestSetting() {
  return useQuery({ queryKey: [...KEY, "digest-setting"], queryFn: () => api<DigestSetting>("/api/crm/digest-setting") });
}

export function useSetDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DigestSetting) => api<DigestSetting>("/api/crm/digest-setting", { method: "PUT", body }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...KEY, "digest-setting"], saved);
      toast({ title: saved.dailyDigest ? "Daily digest turned on" : "Daily digest turned off" });
    },
    onError: (error) => toast({ title: "Update failed", description: errorText(error), variant: "destructive" }),
  });
}

/** The three counts alone (one item fetched), for the CRM toolbar's My tasks link. */
export function useMyTaskCounts() {
  return useQuery({ queryKey: [...KEY, "my-tasks", "counts"], queryFn: () => api<MyTasksPage>("/api/crm/my-tasks?limit=1"), select: (page) => page.counts });
}
